// Strict decode of `version.evaluation_spec` (docs/packs.md §1 step 3). The YAML has
// already been read into plain values; here every object is checked against the allowed keys
// (schema.ts) and every value against its JSON type, in document order, and the first problem is
// the one error. Its field is where it was found (`version.evaluation_spec.llm_judges[0]`); an
// unknown key keeps the reference's words (`unknown field "judges"`) and adds the key meant
// (`did you mean "llm_judges"?`) or the keys allowed there; a type error says what was expected
// and what was found, in plain words.
import { unknownFieldMessage } from "@/lib/packs/suggest";
import type { Json, PackError } from "@/lib/packs/types";
import { describeValue } from "@/lib/packs/words.mjs";
import { EVALUATION_SPEC_SHAPE, type Shape } from "./schema";
import type { EvaluationSpec } from "./types";

/** A problem at `path` (relative to the spec; "" is the spec itself). */
class DecodeError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** What a shape expects, in words. */
function expected(shape: Shape): string {
  switch (shape.kind) {
    case "string":
      return "text";
    case "number":
      return "a number";
    case "int":
      return "a whole number";
    case "boolean":
      return "true or false";
    case "raw":
      return "a finite number, text, true/false, a list or a mapping";
    case "array":
      return shape.of.kind === "object"
        ? `a list of mappings (${fieldList(shape.of.fields)})`
        : `a list of ${listNoun(shape.of)}`;
    case "object":
      return `a mapping (${fieldList(shape.fields)})`;
    case "stringOrObject":
      return `a dimension name or a mapping (${fieldList(shape.fields)})`;
  }
}

function listNoun(shape: Shape): string {
  if (shape.kind === "string") return "text values";
  if (shape.kind === "number" || shape.kind === "int") return "numbers";
  if (shape.kind === "stringOrObject") return "names or mappings";
  return "values";
}

function fieldList(fields: Record<string, Shape>): string {
  const keys = Object.keys(fields);
  return keys.length > 4 ? `${keys.slice(0, 4).join(", ")}, …` : keys.join(", ");
}

function typeError(value: unknown, shape: Shape, path: string): never {
  throw new DecodeError(path, `expected ${expected(shape)}, got ${describeValue(value)}`);
}

function unknownField(key: string, fields: Record<string, Shape>, path: string): never {
  throw new DecodeError(path, unknownFieldMessage(key, Object.keys(fields)));
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
    if (!field) return unknownField(key, fields, path);
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
    if (err instanceof DecodeError) {
      const field = err.path === "" ? prefix : err.path.startsWith("[") ? `${prefix}${err.path}` : `${prefix}.${err.path}`;
      return { error: { field, message: err.message } };
    }
    throw err;
  }
}
