import { ConfigError, defineValidator, fail, fmt, pass, quote, readChoice, readNumber } from "./shared";

// numeric_match: a number read from the output equals the expected number within a tolerance.
// `extract`: auto (default: the whole output when it is a number, else the last number in it),
// first, last, strict (the whole output must be a number). Thousands separators ("1,234.5") and
// a leading + are accepted. Tolerance: `tolerance_mode` absolute | relative | significant_digits
// with `tolerance` (≥ 0) or `significant_digits` (> 0); or the legacy `absolute_tolerance` /
// `relative_tolerance` (passes when either holds); default exact equality. Mixing the two forms
// is a config error.

const NUMBER = /[-+]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/g;
const WHOLE = /^[-+]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

function toNumber(token: string): number {
  return Number(token.replace(/,/g, ""));
}

/** The number the output states, per the extract mode, or undefined. */
export function extractNumber(text: string, mode: "auto" | "first" | "last" | "strict"): number | undefined {
  const t = text.trim();
  if (WHOLE.test(t)) return toNumber(t);
  if (mode === "strict") return undefined;
  const all = t.match(NUMBER);
  if (!all || all.length === 0) return undefined;
  return toNumber(all.at(mode === "first" ? 0 : -1) ?? "");
}

type Tolerance =
  | { kind: "exact" }
  | { kind: "absolute"; tol: number }
  | { kind: "relative"; tol: number }
  | { kind: "significant_digits"; digits: number }
  | { kind: "either"; abs: number; rel: number };

function readTolerance(config: Record<string, unknown>): Tolerance {
  const has = (k: string) => config[k] !== undefined && config[k] !== null;
  const modern = has("tolerance_mode") || has("tolerance");
  const legacy = has("absolute_tolerance") || has("relative_tolerance");
  if (modern && legacy)
    throw new ConfigError("cannot mix tolerance_mode/tolerance with absolute_tolerance/relative_tolerance");
  if (legacy) {
    return {
      kind: "either",
      abs: readNumber(config, "absolute_tolerance", 0, { min: 0 }),
      rel: readNumber(config, "relative_tolerance", 0, { min: 0 }),
    };
  }
  const defaultMode = has("significant_digits")
    ? "significant_digits"
    : has("tolerance")
      ? "absolute"
      : "exact";
  const mode = readChoice(
    config,
    "tolerance_mode",
    ["exact", "absolute", "relative", "significant_digits"] as const,
    defaultMode,
  );
  if (mode === "significant_digits") {
    const digits = readNumber(config, "significant_digits", NaN, {
      min: 0,
      exclusiveMin: true,
      integer: true,
      max: 100,
    });
    if (Number.isNaN(digits))
      throw new ConfigError("significant_digits is required when tolerance_mode is significant_digits");
    return { kind: "significant_digits", digits };
  }
  if (mode === "exact") return { kind: "exact" };
  return { kind: mode, tol: readNumber(config, "tolerance", 0, { min: 0 }) };
}

function within(a: number, e: number, t: Tolerance): { ok: boolean; rule: string } {
  const diff = Math.abs(a - e);
  switch (t.kind) {
    case "exact":
      return { ok: a === e, rule: "exact" };
    case "absolute":
      return { ok: diff <= t.tol, rule: `|difference| ${fmt(diff)} vs absolute tolerance ${t.tol}` };
    case "relative":
      return {
        ok: diff <= t.tol * Math.abs(e),
        rule: `|difference| ${fmt(diff)} vs relative tolerance ${t.tol}`,
      };
    case "significant_digits": {
      const ra = Number(a.toPrecision(t.digits));
      const re = Number(e.toPrecision(t.digits));
      return { ok: ra === re, rule: `${t.digits} significant digits: ${ra} vs ${re}` };
    }
    case "either":
      return {
        ok: diff <= Math.max(t.abs, t.rel * Math.abs(e)),
        rule: `|difference| ${fmt(diff)} vs absolute ${t.abs} / relative ${t.rel}`,
      };
  }
}

export const numericMatch = defineValidator("numeric_match", ({ actual, expected, config }) => {
  const mode = readChoice(config, "extract", ["auto", "first", "last", "strict"] as const, "auto");
  const tolerance = readTolerance(config);
  const e =
    typeof expected === "number"
      ? expected
      : typeof expected === "string"
        ? extractNumber(expected, "strict")
        : undefined;
  if (e === undefined || !Number.isFinite(e)) throw new ConfigError("expected value must be a number");
  const a = extractNumber(actual, mode);
  if (a === undefined || !Number.isFinite(a))
    return fail(`no number found in output ${quote(actual.trim())}`);
  const { ok, rule } = within(a, e, tolerance);
  return ok
    ? pass(`output ${a} matches expected ${e} (${rule})`)
    : fail(`output ${a} does not match expected ${e} (${rule})`);
});
