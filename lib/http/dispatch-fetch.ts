import "server-only";
import { Transform, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { request, type Dispatcher } from "undici";

// fetch() on undici's request API (about half the CPU of its WHATWG fetch), with fetch semantics
// and a response size cap (lib/http/README.md, 'dispatch-fetch').

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const MAX_REDIRECTS = 20;
/** Far above any model answer or webhook reply; callers cap what they keep much lower. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([204, 205, 304]);
const CREDENTIALS = ["authorization", "cookie", "proxy-authorization"];
const CONTENT_HEADERS = [
  "content-type",
  "content-length",
  "content-encoding",
  "content-language",
  "content-location",
];

type Body = string | Uint8Array | undefined;

function simpleBody(body: RequestInit["body"]): Body | null {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return null;
}

function headerObject(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  if (!(init instanceof Headers) && !Array.isArray(init)) {
    for (const [k, v] of Object.entries(init)) out[k.toLowerCase()] = String(v);
    return out;
  }
  new Headers(init).forEach((v, k) => (out[k] = v));
  return out;
}

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** Errors once more than `limit` bytes have passed. */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new Error(`response body over ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

/** The body, decoded when it carries one content coding fetch would decode, and capped. */
function decoded(body: Readable, encoding: string | string[] | undefined, limit: number): Readable {
  const make = typeof encoding === "string" ? DECODERS[encoding.trim().toLowerCase()] : undefined;
  const stages: NodeJS.ReadWriteStream[] = make ? [make(), capped(limit)] : [capped(limit)];
  let out: Readable = body;
  for (const stage of stages) {
    const from = out;
    from.on("error", (err) => (stage as unknown as Readable).destroy(err));
    out = from.pipe(stage) as unknown as Readable;
  }
  // Stopping early (a cancelled read, a cap) also stops the request's socket stream.
  out.on("close", () => body.destroy());
  return out;
}

function toHeaders(raw: Dispatcher.ResponseData["headers"]): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else if (v !== undefined) headers.append(k, v);
  }
  return headers;
}

export async function dispatchFetch(
  dispatcher: Dispatcher,
  input: string | URL | Request,
  init: RequestInit | undefined,
  fallback: Fetch,
  maxBytes = MAX_RESPONSE_BYTES,
): Promise<Response> {
  const first = simpleBody(init?.body);
  if (input instanceof Request || first === null) return fallback(input, init);
  const signal = init?.signal ?? undefined;
  const mode = init?.redirect ?? "follow";
  let url = new URL(input);
  let method = (init?.method ?? "GET").toUpperCase();
  let headers = headerObject(init?.headers);
  let body = first;
  for (let hop = 0; ; hop++) {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, { dispatcher, method, headers, body, signal });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw new TypeError("fetch failed", { cause: err });
    }
    const location = REDIRECTS.has(res.statusCode) ? res.headers.location : undefined;
    if (typeof location === "string" && mode !== "manual") {
      await res.body.dump();
      if (mode === "error")
        throw new TypeError("fetch failed", { cause: new Error(`redirect to ${location}`) });
      if (hop >= MAX_REDIRECTS)
        throw new TypeError("fetch failed", { cause: new Error("too many redirects") });
      const next = new URL(location, url);
      if (next.protocol !== "http:" && next.protocol !== "https:") {
        throw new TypeError("fetch failed", { cause: new Error(`redirect to a ${next.protocol} URL`) });
      }
      if (
        ((res.statusCode === 301 || res.statusCode === 302) && method === "POST") ||
        (res.statusCode === 303 && method !== "GET" && method !== "HEAD")
      ) {
        method = "GET";
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CONTENT_HEADERS.includes(k)));
      }
      if (next.origin !== url.origin) {
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIALS.includes(k)));
      }
      url = next;
      continue;
    }
    if (res.statusCode < 200 || res.statusCode > 599) {
      await res.body.dump();
      throw new TypeError("fetch failed", { cause: new Error(`unexpected status ${res.statusCode}`) });
    }
    const empty = NULL_BODY.has(res.statusCode) || method === "HEAD";
    if (empty) await res.body.dump();
    // A Node readable is an async iterable of bytes, which Response accepts as a body.
    const stream = empty ? null : (decoded(res.body, res.headers["content-encoding"], maxBytes) as unknown as BodyInit);
    return new Response(stream, {
      status: res.statusCode,
      statusText: res.statusText,
      headers: toHeaders(res.headers),
    });
  }
}
