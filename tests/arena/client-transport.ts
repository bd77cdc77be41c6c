// The arena client's transport basics: URLs at the origin root, `{status, body}` results and
// tolerant body parsing (see client.ts).
export type ApiPrefix = "/api" | "/api/v1";

export interface ApiResult<T = unknown> {
  status: number;
  /** The parsed JSON body, or the raw text when the body is not JSON (or null when empty). */
  body: T;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export type Query = Record<string, string | number | undefined>;

/** The path part of `base` is discarded on purpose: the reference clients do the same. */
export function apiUrl(base: string, prefix: ApiPrefix | "", path: string, query: Query = {}): URL {
  const url = new URL(`${prefix}${path}`, base);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

export function ok(res: ApiResult): boolean {
  return res.status >= 200 && res.status < 300;
}

export function enc(segment: string): string {
  return encodeURIComponent(segment);
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
