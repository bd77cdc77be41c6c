// `{{ name }}` / `{{ a.b }}` placeholders in a challenge's instructions, filled from one case: how
// a case's payload reaches the model. The context is the case's payload merged with its inputs'
// values (inputs win); a placeholder that does not resolve stays as written. Pure, linear.
import { isObject } from "@/lib/packs/normalize";

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;

export type TemplateContext = Record<string, unknown>;

/** The payload's keys, then each input with a key and a (non-null) value over them. */
export function caseTemplateContext(caseDef: { payload?: unknown; inputs?: unknown }): TemplateContext {
  const context: TemplateContext = { ...(isObject(caseDef.payload) ? caseDef.payload : {}) };
  const inputs = Array.isArray(caseDef.inputs) ? caseDef.inputs.filter(isObject) : [];
  for (const input of inputs) {
    const key = typeof input.key === "string" ? input.key.trim() : "";
    if (key !== "" && input.value !== undefined && input.value !== null) context[key] = input.value;
  }
  return context;
}

/** The value a dotted path names (object keys, own properties only), or not found. */
function lookup(path: string, context: TemplateContext): { found: true; value: unknown } | { found: false } {
  let current: unknown = context;
  for (const segment of path.split(".")) {
    if (segment === "" || !isObject(current) || !Object.hasOwn(current, segment)) return { found: false };
    current = current[segment];
  }
  return { found: true, value: current };
}

/** Strings as they are, numbers and booleans as text, anything else as compact JSON. */
export function templateValueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "null";
}

/** The template with every resolvable placeholder filled; `filled` counts the ones replaced. */
export function renderCaseTemplate(
  template: string,
  context: TemplateContext,
): { text: string; filled: number } {
  let filled = 0;
  const text = template.replace(PLACEHOLDER, (match, path: string) => {
    const found = lookup(path, context);
    if (!found.found) return match;
    filled++;
    return templateValueText(found.value);
  });
  return { text, filled };
}
