// Reading JSON from a model's output: the whole (trimmed) output, else, unless extraction is
// off, the body of its first ``` fenced block (```json or plain). Never throws.

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

function tryParse(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : "invalid JSON" };
  }
}

/** The body of the first ``` fenced block, without its info string, or undefined. */
function fencedBody(text: string): string | undefined {
  const open = text.indexOf("```");
  if (open < 0) return undefined;
  const lineEnd = text.indexOf("\n", open);
  if (lineEnd < 0) return undefined;
  const close = text.indexOf("```", lineEnd);
  if (close < 0) return undefined;
  return text.slice(lineEnd + 1, close);
}

export function parseJsonOutput(text: string, extract: boolean): ParsedJson {
  const direct = tryParse(text.trim());
  if (direct.ok || !extract) return direct;
  const body = fencedBody(text);
  if (body === undefined) return direct;
  const fenced = tryParse(body.trim());
  return fenced.ok ? fenced : direct;
}

/** Structural equality of JSON values (object key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  const bk = Object.keys(bo);
  return ak.length === bk.length && ak.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]));
}
