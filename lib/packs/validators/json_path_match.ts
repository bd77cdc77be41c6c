import { JSONPath } from "jsonpath-plus";
import { jsonEqual, parseJsonOutput } from "./json";
import { ConfigError, defineValidator, fail, pass, quote, readBool, readChoice, readString } from "./shared";

// json_path_match: the output parses as JSON (as json_schema does), `path` (JSONPath, alias
// `json_path`) selects values, and they are compared with the expected evidence. `match: any`
// (default) passes when one selected value equals it, `match: all` when every one does (and at
// least one is selected). `exists: true` passes when the path selects anything, ignoring the
// expected value. Equality is structural JSON equality; an expected string also equals a
// scalar that prints the same ("42" = 42, "true" = true) or JSON text of the same value.
// Filter expressions run on jsonpath-plus's "safe" evaluator, never on eval.

const MAX_PATH = 1000;

function matchesExpected(value: unknown, expected: unknown): boolean {
  if (jsonEqual(value, expected)) return true;
  if (typeof expected !== "string") return false;
  if (value === null || ["number", "boolean"].includes(typeof value)) {
    if (String(value) === expected.trim()) return true;
  }
  try {
    return jsonEqual(value, JSON.parse(expected));
  } catch {
    return false;
  }
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

export const jsonPathMatch = defineValidator("json_path_match", ({ actual, expected, config }) => {
  const path = readString(config, "path") ?? readString(config, "json_path");
  if (!path || path.trim() === "") throw new ConfigError("path is required");
  if (path.length > MAX_PATH) throw new ConfigError(`path is longer than ${MAX_PATH} characters`);
  const mode = readChoice(config, "match", ["any", "all"] as const, "any");
  const existsOnly = readBool(config, "exists", false);

  const parsed = parseJsonOutput(actual, readBool(config, "extract_json", true));
  if (!parsed.ok) return fail(`output is not valid JSON: ${parsed.message.slice(0, 120)}`);
  let selected: unknown[];
  try {
    const result: unknown = JSONPath({ path, json: parsed.value as object, wrap: true, eval: "safe" });
    selected = Array.isArray(result) ? result : [];
  } catch (err) {
    throw new ConfigError(
      `path ${quote(path)}: ${err instanceof Error ? err.message.slice(0, 120) : "invalid"}`,
    );
  }
  if (selected.length === 0) return fail(`path ${quote(path)} selects nothing in the output`);
  if (existsOnly) return pass(`path ${quote(path)} selects ${selected.length} value(s)`);
  if (expected === undefined) throw new ConfigError("expected value is missing");

  const hits = selected.filter((v) => matchesExpected(v, expected)).length;
  const ok = mode === "any" ? hits > 0 : hits === selected.length;
  if (ok)
    return pass(
      `${quote(path)} = ${show(expected)}${selected.length > 1 ? ` (${hits}/${selected.length} values)` : ""}`,
    );
  const other = selected.find((v) => !matchesExpected(v, expected));
  return fail(`${quote(path)} is ${show(other)}, expected ${show(expected)}`, hits / selected.length);
});
