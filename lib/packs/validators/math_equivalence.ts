import { OperatorNode, parse, simplify, type MathNode } from "mathjs";
import {
  ConfigError,
  defineValidator,
  expectedText,
  fail,
  fmt,
  pass,
  quote,
  readChoice,
  readNumber,
} from "./shared";

// math_equivalence: same mathematical expression, by simplify() or at 8 sample points
// (symbolic) or within tolerance (numeric); lib/packs/validators/README.md, 'math_equivalence'.

export const MAX_EXPRESSION_CHARS = 300;
export const MAX_NODES = 60;
/** simplify() grows fast with size: it only runs on sides this small. */
export const SIMPLIFY_MAX_NODES = 24;

const OPERATORS = new Set([
  "add",
  "subtract",
  "multiply",
  "divide",
  "pow",
  "unaryMinus",
  "unaryPlus",
  "factorial",
]);
const FUNCTIONS = new Set([
  "sqrt",
  "cbrt",
  "nthRoot",
  "abs",
  "exp",
  "log",
  "log10",
  "log2",
  "pow",
  "sin",
  "cos",
  "tan",
  "sec",
  "csc",
  "cot",
  "asin",
  "acos",
  "atan",
  "sinh",
  "cosh",
  "tanh",
  "floor",
  "ceil",
  "round",
  "factorial",
]);
const CONSTANTS = new Set(["pi", "e"]);
const SAMPLES = [0.37, 1.31, 2.73, -0.83, 3.17, -1.91, 0.59, 1.77];

type Parsed = { ok: true; node: MathNode; vars: string[]; size: number } | { ok: false; message: string };

function clean(text: string): string {
  let s = text.trim();
  if (s.startsWith("$$") && s.endsWith("$$") && s.length >= 4) s = s.slice(2, -2);
  else if (s.startsWith("$") && s.endsWith("$") && s.length >= 2) s = s.slice(1, -1);
  return s.trim().replace(/\.$/, "").trim();
}

/** Parses one side and checks every node against the allowed grammar. */
export function parseExpression(text: string): Parsed {
  const s = clean(text);
  if (s === "") return { ok: false, message: "empty expression" };
  if (s.length > MAX_EXPRESSION_CHARS)
    return { ok: false, message: `longer than ${MAX_EXPRESSION_CHARS} characters` };
  let node: MathNode;
  try {
    node = parse(s);
  } catch (err) {
    return {
      ok: false,
      message: `cannot parse: ${err instanceof Error ? err.message.slice(0, 80) : "syntax error"}`,
    };
  }
  const vars = new Set<string>();
  let count = 0;
  let problem: string | undefined;
  node.traverse((n, path, parent) => {
    count++;
    if (problem) return;
    switch (n.type) {
      case "ConstantNode":
        if (typeof (n as unknown as { value: unknown }).value !== "number")
          problem = "only numbers are allowed";
        return;
      case "ParenthesisNode":
        return;
      case "OperatorNode": {
        const fn = (n as unknown as { fn: string }).fn;
        if (!OPERATORS.has(fn))
          problem = `operator ${quote((n as unknown as { op: string }).op)} is not allowed`;
        return;
      }
      case "FunctionNode": {
        const name = (n as unknown as { fn: { name?: string } }).fn.name ?? "";
        if (!FUNCTIONS.has(name)) problem = `function ${quote(name)} is not allowed`;
        return;
      }
      case "SymbolNode": {
        if (parent?.type === "FunctionNode" && path === "fn") return;
        const name = (n as unknown as { name: string }).name;
        if (CONSTANTS.has(name)) return;
        if (!/^[A-Za-z][A-Za-z0-9_]{0,19}$/.test(name) || FUNCTIONS.has(name))
          problem = `symbol ${quote(name)} is not allowed`;
        else vars.add(name);
        return;
      }
      default:
        problem = `${n.type} is not allowed`;
    }
  });
  if (problem) return { ok: false, message: problem };
  if (count > MAX_NODES) return { ok: false, message: `more than ${MAX_NODES} terms` };
  return { ok: true, node, vars: [...vars].sort(), size: count };
}

/** A real number, or undefined (complex, matrix, unit, NaN, infinite). */
function real(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function close(a: number, b: number, abs: number, rel: number): boolean {
  return Math.abs(a - b) <= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b)));
}

type Sampled = { verdict: "agree" } | { verdict: "differ"; at: string } | { verdict: "undetermined" };

/** Compares both sides at fixed sample points; "undetermined" when fewer than 3 are defined. */
function compareAtSamples(a: MathNode, b: MathNode, vars: string[]): Sampled {
  const ca = a.compile();
  const cb = b.compile();
  let valid = 0;
  for (let k = 0; k < SAMPLES.length; k++) {
    const scope: Record<string, number> = {};
    vars.forEach((v, i) => (scope[v] = (SAMPLES[(k + i * 3) % SAMPLES.length] ?? 1) + i * 0.11));
    const at = vars.length === 0 ? "their value" : vars.map((v) => `${v}=${fmt(scope[v] ?? 0)}`).join(", ");
    const va = real(ca.evaluate(scope));
    const vb = real(cb.evaluate(scope));
    if (va === undefined || vb === undefined) {
      if ((va === undefined) !== (vb === undefined)) return { verdict: "differ", at };
      continue;
    }
    if (!close(va, vb, 1e-9, 1e-9)) return { verdict: "differ", at };
    valid++;
  }
  return valid >= 3 ? { verdict: "agree" } : { verdict: "undetermined" };
}

function isZero(node: MathNode): boolean {
  return node.type === "ConstantNode" && (node as unknown as { value: unknown }).value === 0;
}

export const mathEquivalence = defineValidator("math_equivalence", ({ actual, expected, config }) => {
  const mode = readChoice(config, "comparison_mode", ["symbolic", "numeric"] as const, "symbolic");
  const tolerance = readNumber(config, "tolerance", 1e-9, { min: 0 });
  const relative = readNumber(config, "relative_tolerance", 0, { min: 0 });
  const expectedExpr = expectedText(expected);
  if (expectedExpr === undefined) throw new ConfigError("expected value is missing");
  const e = parseExpression(expectedExpr);
  if (!e.ok) throw new ConfigError(`expected expression ${quote(expectedExpr)}: ${e.message}`);
  const a = parseExpression(actual);
  if (!a.ok) return fail(`output ${quote(actual.trim())} is not a supported expression: ${a.message}`);
  const shown = `${quote(clean(actual))} and ${quote(clean(expectedExpr))}`;

  if (mode === "numeric") {
    if (a.vars.length > 0 || e.vars.length > 0)
      return fail(`numeric comparison needs numbers, found variable ${quote([...a.vars, ...e.vars][0])}`);
    const va = real(a.node.compile().evaluate({}));
    const ve = real(e.node.compile().evaluate({}));
    if (va === undefined || ve === undefined) return fail(`${shown} do not both evaluate to real numbers`);
    return close(va, ve, tolerance, relative)
      ? pass(`${va} equals ${ve} within tolerance`)
      : fail(`${va} differs from ${ve} beyond tolerance`);
  }

  const small = a.size <= SIMPLIFY_MAX_NODES && e.size <= SIMPLIFY_MAX_NODES;
  if (small && isZero(simplify(new OperatorNode("-", "subtract", [a.node, e.node])))) {
    return pass(`${shown} simplify to the same expression`);
  }
  const vars = [...new Set([...a.vars, ...e.vars])].sort();
  const sampled = compareAtSamples(a.node, e.node, vars);
  if (sampled.verdict === "agree") {
    return pass(
      vars.length === 0
        ? `${shown} have the same value`
        : `${shown} agree at ${SAMPLES.length} sample points`,
    );
  }
  if (sampled.verdict === "differ") return fail(`${shown} are not equivalent: they differ at ${sampled.at}`);
  if (small && simplify(a.node).equals(simplify(e.node)))
    return pass(`${shown} simplify to the same expression`);
  return fail(`${shown} could not be shown equivalent (undefined at the sample points)`);
});
