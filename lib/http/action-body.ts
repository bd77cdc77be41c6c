import type { ErrorCode } from "@/lib/errors";
import { jsonTextDepth, MAX_JSON_DEPTH } from "@/lib/http/json-limits";

// Checks a server-action body before React's reply decoder, which would 500 or hang on it
// (lib/http/README.md, 'Server-action bodies': the checks and the reply format).

/** next.config.ts `experimental.serverActions.bodySizeLimit` ("2mb"), in bytes. */
export const ACTION_BODY_LIMIT = 2 * 1024 * 1024;
/** React's reply decoder refuses more array slots than this per row (its arraySizeLimit). */
const ARRAY_SLOT_LIMIT = 1_000_000;
/** React's limit on BigInt digits. */
const BIGINT_DIGITS_LIMIT = 300;

export interface BodyRefusal {
  status: 400 | 413 | 422;
  code: ErrorCode;
  message: string;
}

const bad = (message: string): BodyRefusal => ({ status: 400, code: "bad_request", message });

export const tooLarge = (): BodyRefusal => ({
  status: 413,
  code: "payload_too_large",
  message: `A server action body may be at most ${ACTION_BODY_LIMIT} bytes`,
});

/** True when Next.js would try to decode this POST to a page as a server action. */
export function isActionRequest(headers: { [k: string]: string | string[] | undefined }): boolean {
  if (headers["next-action"] !== undefined) return true;
  const type = headers["content-type"];
  return typeof type === "string" && type.toLowerCase().startsWith("multipart/form-data");
}

// One JSON row of the reply and where it sits in the body (rows may only use earlier rows).
interface Row {
  text: string;
  position: number;
}

interface Reply {
  rows: Map<string, Row>;
  streams: Row[];
  files: Set<string>;
  ordered: boolean;
}

const TYPED_ARRAY = new Set("AOoUSsLlGgMmV");
const OUTLINED = new Set("hQWi"); // plus a bare hex id: references resolved while decoding
const SELF_CONTAINED = new Set("$HTKIuND-");
const STREAM = new Set("RrXx");

function parseRow(text: string, name: string): { value: unknown } | BodyRefusal {
  if (jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    return { status: 422, code: "validation_failed", message: `Server action data nests more than ${MAX_JSON_DEPTH} levels deep` };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return bad(`Server action row ${name.slice(0, 40)} is not valid JSON`);
  }
}

/** Walks `path` (a reference's `:a:b`) through a row as sent; false when a step is missing. */
function pathExists(root: unknown, path: string[]): boolean {
  let v = root;
  for (const key of path) {
    if (typeof v === "string" && v.startsWith("$")) return true; // revived later: cannot tell
    if (v === null || typeof v !== "object" || !Object.prototype.hasOwnProperty.call(v, key)) return false;
    v = (v as Record<string, unknown>)[key];
  }
  return true;
}

interface Walk {
  reply: Reply;
  parsed: Map<string, unknown>;
  once: Set<number>;
}

/** Checks every `$` string of one row's value (iteratively) and React's per-row array budget. */
function checkValue(value: unknown, walk: Walk): BodyRefusal | null {
  // [value, the array budget it counts against (null under an object)]
  const budget = { count: 0, fork: false };
  const stack: [unknown, typeof budget | null][] = [[value, budget]];
  while (stack.length > 0) {
    const [v, arrayRoot] = stack.pop()!;
    if (Array.isArray(v)) {
      const ctx = arrayRoot ?? { count: 0, fork: false };
      if (v.length > 1) ctx.fork = true;
      ctx.count += v.length + 1;
      if (ctx.fork && ctx.count > ARRAY_SLOT_LIMIT) return bad("Server action data has too many array slots");
      for (const child of v) stack.push([child, ctx]);
      continue;
    }
    if (v !== null && typeof v === "object") {
      for (const child of Object.values(v)) stack.push([child, null]);
      continue;
    }
    if (typeof v !== "string") continue;
    const slots = v.startsWith("$$") ? v.length - 1 : v.startsWith("$") ? 0 : v.length;
    if (arrayRoot && slots) {
      arrayRoot.count += slots;
      if (arrayRoot.fork && arrayRoot.count > ARRAY_SLOT_LIMIT) return bad("Server action data has too many array slots");
    }
    if (!v.startsWith("$")) continue;
    const refusal = checkReference(v, walk);
    if (refusal) return refusal;
  }
  return null;
}

function checkReference(v: string, walk: Walk): BodyRefusal | null {
  const tag = v[1] ?? "";
  if (SELF_CONTAINED.has(tag)) return null;
  if (tag === "n") {
    const digits = v.slice(2);
    if (digits.length > BIGINT_DIGITS_LIMIT) return bad("Server action data has a BigInt longer than 300 digits");
    try {
      BigInt(digits);
      return null;
    } catch {
      return bad("Server action data has a malformed BigInt");
    }
  }
  const { reply } = walk;
  if (tag === "@") return reply.rows.has(String(parseInt(v.slice(2), 16))) ? null : bad("Server action data references a missing row");
  if (tag === "B" || TYPED_ARRAY.has(tag) || STREAM.has(tag)) {
    const id = parseInt(v.slice(2), 16);
    if (!Number.isFinite(id)) return bad("Server action data has a malformed reference");
    if (tag === "B") return reply.files.has(String(id)) ? null : bad("Server action data references a missing file");
    // Each typed array and stream is initialised once, from a file or from `S<id>` chunks.
    if (walk.once.has(id)) return bad("Server action data uses one stream or buffer twice");
    walk.once.add(id);
    if (TYPED_ARRAY.has(tag) && !reply.files.has(String(id))) return bad("Server action data references a missing file");
    return null;
  }
  // Server references as arguments: no action here takes a function, and an unknown id throws.
  if (tag === "h") return bad("Server action data may not pass server references");
  const [first = "", ...path] = (OUTLINED.has(tag) ? v.slice(2) : v.slice(1)).split(":");
  const id = parseInt(first, 16);
  const target = Number.isFinite(id) ? reply.rows.get(String(id)) : undefined;
  if (!target) return bad("Server action data references a missing row");
  // Streamed multipart: row 0 (sent last) is decoded as soon as it arrives, and the rows it
  // uses are decoded then, so a row sent after row 0 is a forward reference the decoder refuses.
  const root = reply.rows.get("0")!;
  if (reply.ordered && target.position > root.position) return bad("Server action data references a row sent after row 0");
  if (path.length > 0 && !pathExists(walk.parsed.get(String(id)), path)) return bad("Server action data references a missing value");
  return null;
}

/** Checks a decoded reply: every row parses, nests at most 64 deep, and references what exists. */
export function checkReply(reply: Reply): BodyRefusal | null {
  if (!reply.rows.has("0")) return bad("Server action data has no arguments row");
  const walk: Walk = { reply, parsed: new Map(), once: new Set() };
  for (const [name, row] of reply.rows) {
    const parsed = parseRow(row.text, name);
    if (!("value" in parsed)) return parsed;
    walk.parsed.set(name, parsed.value);
  }
  for (const name of reply.rows.keys()) {
    const refusal = checkValue(walk.parsed.get(name), walk);
    if (refusal) return refusal;
  }
  for (const chunk of reply.streams) {
    // `C` closes a stream, optionally with a last JSON value.
    const text = chunk.text.startsWith("C") ? chunk.text.slice(1) : chunk.text;
    if (text === "") continue;
    const parsed = parseRow(text, "stream");
    if (!("value" in parsed)) return parsed;
    const refusal = checkValue(parsed.value, walk);
    if (refusal) return refusal;
  }
  return null;
}

/** The reply a multipart body carries for rows under `prefix` (`""`, or `$ACTION_<n>:`). */
function replyOf(form: FormData, prefix: string, ordered: boolean): Reply {
  const reply: Reply = { rows: new Map(), streams: [], files: new Set(), ordered };
  let position = 0;
  for (const [key, value] of form.entries()) {
    position++;
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    if (typeof value !== "string") reply.files.add(name);
    else if (name.startsWith("S")) reply.streams.push({ text: value, position });
    else if (/^(0|[1-9]\d{0,8})$/.test(name)) reply.rows.set(name, { text: value, position });
    // `_<n>_<name>` entries and others are user data, never decoded as JSON.
  }
  return reply;
}

/**
 * The refusal for a server-action body, or null when React's decoder can take it. `fetchAction`:
 * the request carried `Next-Action`. The body is at most ACTION_BODY_LIMIT bytes (the caller
 * answers tooLarge() past it).
 */
export async function checkActionBody(contentType: string, body: Buffer, fetchAction: boolean): Promise<BodyRefusal | null> {
  const type = contentType.toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    // Next decodes a non-multipart body only for a fetch action (any other POST renders the
    // page), and never a URL-encoded one (it answers those with a 404 itself).
    if (!fetchAction || type.startsWith("application/x-www-form-urlencoded")) return null;
    return checkReply({ rows: new Map([["0", { text: body.toString("utf8"), position: 0 }]]), streams: [], files: new Set(), ordered: false });
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    return bad("The server action's form data is malformed");
  }
  // Next streams a fetch action's form into the decoder; a no-JavaScript form is decoded whole.
  if (fetchAction) return checkReply(replyOf(form, "", true));
  // A form posted without JavaScript: bound arguments come as rows under `$ACTION_<n>:`.
  for (const key of form.keys()) {
    if (!key.startsWith("$ACTION_REF_")) continue;
    const refusal = checkReply(replyOf(form, `$ACTION_${key.slice(12)}:`, false));
    if (refusal) return refusal;
  }
  return null;
}
