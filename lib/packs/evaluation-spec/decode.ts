// Strict decode of `version.evaluation_spec` (docs/packs.md §1 step 3). The YAML has
// already been read into plain values; here every object is checked against the allowed keys
// (schema.ts) and every value against its JSON type, in document order, and the first problem is
// the one error, worded as the reference words it (`json: unknown field "judge_mdoe"`) plus —
// better than the reference — where it was found (`at llm_judges[0]`).
import type { Json, PackError } from "@/lib/packs/types";
import { EVALUATION_SPEC_SHAPE, type Shape } from "./schema";
import type { EvaluationSpec } from "./types";

const PREFIX = "decode evaluation spec from yaml: decode evaluation spec: ";

class DecodeError extends Error {}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The JSON kind of a value, as Go's decoder names it in a type error. */
function jsonKind(value: unknown): string {
  if (typeof value === "string") return "string";
  if (typeof value === "number") return Number.isInteger(value) ? "number" : `number ${value}`;
  if (typeof value === "boolean") return "bool";
  if (Array.isArray(value)) return "array";
  if (isPlainObject(value)) return "object";
  return typeof value;
}

const EXPECTED: Record<Shape["kind"], string> = {
  string: "string",
  number: "number",
  int: "integer",
  boolean: "bool",
  raw: "JSON value",
  array: "array",
  object: "object",
  stringOrObject: "string or object",
};

function typeError(value: unknown, shape: Shape, path: string): never {
  const where = path === "" ? "evaluation spec" : path;
  throw new DecodeError(
    `json: cannot unmarshal ${jsonKind(value)} into ${where} of type ${EXPECTED[shape.kind]}`,
  );
}

/** A raw JSON value: only plain JSON (finite numbers, plain objects) passes. */
function rawJson(value: unknown, path: string): Json {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) typeError(value, { kind: "raw" }, path);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => rawJson(item, `${path}[${i}]`));
  if (isPlainObject(value)) {
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) out[key] = rawJson(item, `${path}.${key}`);
    return out;
  }
  return typeError(value, { kind: "raw" }, path);
}

/** The zero value a JSON `null` leaves in an array element (Go keeps the element). */
function zeroValue(shape: Shape): unknown {
  switch (shape.kind) {
    case "string":
    case "stringOrObject":
      return "";
    case "number":
    case "int":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return {};
    case "raw":
      return null;
  }
}

function decodeObject(value: unknown, fields: Record<string, Shape>, shape: Shape, path: string) {
  if (!isPlainObject(value)) return typeError(value, shape, path);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field)
      throw new DecodeError(`json: unknown field ${JSON.stringify(key)}${path === "" ? "" : ` at ${path}`}`);
    // `null` leaves a field unset, as in Go.
    if (item === null || item === undefined) continue;
    out[key] = decodeValue(item, field, path === "" ? key : `${path}.${key}`);
  }
  return out;
}

function decodeValue(value: unknown, shape: Shape, path: string): unknown {
  switch (shape.kind) {
    case "string":
      return typeof value === "string" ? value : typeError(value, shape, path);
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? value : typeError(value, shape, path);
    case "int":
      return typeof value === "number" && Number.isSafeInteger(value) ? value : typeError(value, shape, path);
    case "boolean":
      return typeof value === "boolean" ? value : typeError(value, shape, path);
    case "raw":
      return rawJson(value, path);
    case "array":
      if (!Array.isArray(value)) return typeError(value, shape, path);
      return value.map((item, i) =>
        item === null || item === undefined
          ? zeroValue(shape.of)
          : decodeValue(item, shape.of, `${path}[${i}]`),
      );
    case "object":
      return decodeObject(value, shape.fields, shape, path);
    case "stringOrObject":
      if (typeof value === "string") return value;
      return decodeObject(value, shape.fields, shape, path);
  }
}

/**
 * Decodes an evaluation spec strictly. Gives `{}` (no spec, no error) for an absent or empty
 * spec, `{ spec }` when it decoded, `{ error }` for the first unknown key or wrong type.
 */
export function decodeEvaluationSpec(
  raw: unknown,
  prefix = "version.evaluation_spec",
): { spec?: EvaluationSpec; error?: PackError } {
  if (raw === null || raw === undefined) return {};
  if (isPlainObject(raw) && Object.keys(raw).length === 0) return {};
  try {
    return { spec: decodeValue(raw, EVALUATION_SPEC_SHAPE, "") as EvaluationSpec };
  } catch (err) {
    if (err instanceof DecodeError) return { error: { field: prefix, message: PREFIX + err.message } };
    throw err;
  }
}
