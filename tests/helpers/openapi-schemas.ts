import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { openApiDocument } from "@/lib/openapi/document";

// Checking JSON against the schemas of the app's OpenAPI document, for the contract tests.

export type Schema = Record<string, any>;

const components = (openApiDocument() as { components: { schemas: Record<string, Schema> } }).components;

export const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

/** Inline `#/components/schemas/*` references so each response schema compiles on its own. */
function resolveRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolveRefs);
  if (!schema || typeof schema !== "object") return schema;
  const s = schema as Schema;
  if (typeof s.$ref === "string" && s.$ref.startsWith("#/components/schemas/")) {
    return resolveRefs(components.schemas[s.$ref.slice("#/components/schemas/".length)]);
  }
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, resolveRefs(v)]));
}

const validators = new Map<Schema, ValidateFunction>();

/** The compiled validator of a schema of the document (compiled once). */
export function validatorFor(schema: Schema): ValidateFunction {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(resolveRefs(schema) as Schema);
    validators.set(schema, v);
  }
  return v;
}
