// JSON Schema, read for the API reference (lib/openapi/reference.ts): a short type label, the fields
// of an object, an example value.

export type Json = Record<string, unknown>;

export interface RefField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  /** The fields of a nested object (or of an array's objects), one level deep. */
  children?: RefField[];
}

export const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

/** A short type label of a JSON schema: `string`, `integer ≥ 1`, `"a" | "b"`, `Item[]`, `string | null`. */
export function typeLabel(schema: unknown, depth = 0): string {
  const s = obj(schema);
  if (typeof s.$ref === "string") return refName(s.$ref);
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) {
    const values = s.enum.slice(0, 6).map((v) => JSON.stringify(v));
    return values.join(" | ") + (s.enum.length > 6 ? " | …" : "");
  }
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union) && depth < 3) {
    return [...new Set(union.map((u) => typeLabel(u, depth + 1)))].join(" | ");
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  if (types.length === 0) return Object.keys(s).length === 0 ? "any" : s.properties ? "object" : "any";
  return types
    .map((t) => {
      if (t === "array") return `${depth < 3 ? typeLabel(s.items, depth + 1) : "any"}[]`;
      if (t === "string") {
        const fmt = str(s.format);
        const max = typeof s.maxLength === "number" ? `, ≤ ${s.maxLength} chars` : "";
        return `${fmt ? `string (${fmt}${max})` : max ? `string (${max.slice(2)})` : "string"}`;
      }
      if (t === "integer" || t === "number") {
        const range = [
          typeof s.minimum === "number" ? `≥ ${s.minimum}` : "",
          typeof s.maximum === "number" ? `≤ ${s.maximum}` : "",
        ]
          .filter(Boolean)
          .join(", ");
        return range ? `${t} (${range})` : t;
      }
      return t;
    })
    .join(" | ");
}

/** The object schema inside an array, a nullable union or an allOf, if any. */
function objectOf(schema: unknown): Json | undefined {
  const s = obj(schema);
  if (s.properties) return s;
  if (s.items) return objectOf(s.items);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = s[key];
    if (Array.isArray(list)) {
      const found = list.map(objectOf).find(Boolean);
      if (found) return found;
    }
  }
  return undefined;
}

/** The top-level fields of an object schema (and one level of nested objects). */
export function fieldsOf(schema: unknown, depth = 0): RefField[] {
  const o = objectOf(schema);
  if (!o) return [];
  const required = new Set(Array.isArray(o.required) ? (o.required as string[]) : []);
  return Object.entries(obj(o.properties)).map(([name, sub]) => {
    const field: RefField = { name, type: typeLabel(sub), required: required.has(name) };
    const description = str(obj(sub).description);
    if (description) field.description = description;
    if (depth < 1) {
      const children = fieldsOf(sub, depth + 1);
      if (children.length) field.children = children;
    }
    return field;
  });
}

/** An example value for a schema: required fields only, placeholders by type. */
export function exampleOf(schema: unknown, depth = 0): unknown {
  const s = obj(schema);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ("default" in s && s.default !== undefined) return s.default;
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union) && union.length) {
    const nonNull = union.find((u) => obj(u).type !== "null") ?? union[0];
    return exampleOf(nonNull, depth);
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  const type = types.find((t) => t !== "null") ?? (s.properties ? "object" : "string");
  if (type === "object") {
    if (depth > 3) return {};
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    const out: Json = {};
    const properties = Object.entries(obj(s.properties));
    for (const [name, sub] of properties) {
      if (required.has(name)) out[name] = exampleOf(sub, depth + 1);
    }
    // A body that must change something (an update: minProperties) names its first optional field.
    const min = typeof s.minProperties === "number" ? s.minProperties : 0;
    for (const [name, sub] of properties) {
      if (Object.keys(out).length >= min) break;
      if (!(name in out)) out[name] = exampleOf(sub, depth + 1);
    }
    return out;
  }
  if (type === "array") return depth > 3 ? [] : [exampleOf(s.items, depth + 1)];
  if (type === "integer" || type === "number") return typeof s.minimum === "number" ? s.minimum : 1;
  if (type === "boolean") return false;
  const fmt = str(s.format);
  if (fmt === "uuid") return "00000000-0000-0000-0000-000000000000";
  if (fmt === "uri" || fmt === "url") return "https://example.com/";
  if (fmt === "email") return "player@example.com";
  if (fmt === "date-time") return "2026-01-01T00:00:00Z";
  return "string";
}
