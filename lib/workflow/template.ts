// Client-safe template language shared by the editor and the executors (lib/workflow/README.md,
// 'Templates'); secrets resolve on the server only and are never kept in stored values.

export type TemplateRef =
  | { kind: "input"; name: string; raw: string }
  | { kind: "node"; nodeId: string; key: string; raw: string }
  | { kind: "secret"; raw: string }
  | { kind: "workspace-secret"; name: string; raw: string };

export type TemplatePart = string | TemplateRef;

export interface ParsedTemplate {
  source: string;
  parts: TemplatePart[];
  refs: TemplateRef[];
}

/** The alias every template may use for the start node, whatever its id. */
export const START_ALIAS = "start";
export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

const REF_PATTERN =
  /\{\{\s*(secret:[A-Za-z_][A-Za-z0-9_.-]{0,63}|[A-Za-z0-9_-]{1,64}\.[A-Za-z_][A-Za-z0-9_]{0,63}|[A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

function toRef(body: string, raw: string): TemplateRef {
  if (body === "secret") return { kind: "secret", raw };
  if (body.startsWith("secret:")) return { kind: "workspace-secret", name: body.slice(7), raw };
  const dot = body.indexOf(".");
  if (dot < 0) return { kind: "input", name: body, raw };
  return { kind: "node", nodeId: body.slice(0, dot), key: body.slice(dot + 1), raw };
}

export function parseTemplate(source: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const refs: TemplateRef[] = [];
  let last = 0;
  for (const match of source.matchAll(REF_PATTERN)) {
    const index = match.index;
    if (index > last) parts.push(source.slice(last, index));
    const ref = toRef(match[1] ?? "", match[0]);
    parts.push(ref);
    refs.push(ref);
    last = index + match[0].length;
  }
  if (last < source.length) parts.push(source.slice(last));
  return { source, parts, refs };
}

/** How a value appears inside a template: strings as is, null/undefined empty, objects as JSON. */
export function stringifyValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

export function renderTemplate(template: ParsedTemplate, resolve: (ref: TemplateRef) => unknown): string {
  if (template.refs.length === 0) return template.source;
  let out = "";
  for (const part of template.parts) out += typeof part === "string" ? part : stringifyValue(resolve(part));
  return out;
}
