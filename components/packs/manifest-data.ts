// Reading a stored manifest (the normalised bundle as JSON) for display: defensive accessors, so a
// manifest of an older shape shows what it has instead of failing the page.

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const objOf = (v: unknown): Obj => (isObj(v) ? v : {});
export const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objectsOf = (v: unknown): Obj[] => listOf(v).filter(isObj);

/** A scalar as text ("" for nothing); objects and arrays as compact JSON. */
export function textOf(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

/** Text cut to `max` characters with an ellipsis. */
export function clip(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A case's inputs or expectations, one line each: `key (kind): value`, or `key ← source` for an
 * expectation that reads another value.
 */
export function summariseEntries(entries: unknown): string[] {
  return objectsOf(entries).map((e) => {
    const key = textOf(e.key) || "?";
    const kind = textOf(e.kind);
    const head = kind ? `${key} (${kind})` : key;
    if (e.value !== undefined) return `${head}: ${clip(textOf(e.value))}`;
    if (e.source !== undefined) return `${head} ← ${clip(textOf(e.source))}`;
    if (e.artifact_key !== undefined) return `${head} ← artifact ${clip(textOf(e.artifact_key))}`;
    return head;
  });
}

/** A legacy case payload, one `key: value` line per entry. */
export function summarisePayload(payload: unknown): string[] {
  return Object.entries(objOf(payload)).map(([k, v]) => `${k}: ${clip(textOf(v))}`);
}

/** A scorecard dimension: a bare string is a dimension with only its key. */
export function dimensionOf(d: unknown): Obj {
  return typeof d === "string" ? { key: d } : objOf(d);
}
