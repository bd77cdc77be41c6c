import { NextRequest } from "next/server";
import { installPeerAddressHook, PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";

// Calls a route handler in-process with a real Request, the way Next.js would.
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  body?: unknown;
  /** Sent as-is (for broken JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  bearer?: string;
  cookie?: string;
  ip?: string;
}

export const BASE = "http://localhost:3000";

export async function call(handler: Handler, opts: CallOptions = {}) {
  const headers = new Headers(opts.headers);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (opts.rawBody !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (opts.bearer) headers.set("authorization", `Bearer ${opts.bearer}`);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  // `ip` is the client's socket address, as the peer-address hook (lib/http/peer-address.ts)
  // records it for every request a real server receives; headers the client sends stay as given.
  installPeerAddressHook();
  headers.set(PEER_ADDRESS_HEADER, opts.ip ?? "203.0.113.10");
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", opts.ip ?? "203.0.113.10");
  const req = new NextRequest(new URL(opts.path ?? "/", BASE), {
    method: opts.method ?? (body !== undefined ? "POST" : "GET"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** The `name=value` pair of the session cookie a response set. */
export function sessionCookieFrom(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => c.includes("session-token="));
  if (!set) throw new Error("no session cookie set");
  return set.split(";")[0]!;
}

let n = 0;
/** A distinct client address per use, so rate limits of one test don't leak into another. */
export function freshIp(): string {
  n++;
  return `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}
