import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { ErrorCode } from "@/lib/errors";
import { matchRoute } from "@/lib/http/route-match";

// What every request meets before Next.js sees it: requests the framework would answer with a
// plain-text 500, an empty 405 or an HTML page are turned into a GET of the rejection route
// (app/api/request-rejected/route.ts), which answers the JSON error carried in REJECT_HEADER:
// - a method the Fetch API cannot even represent (TRACE, TRACK, CONNECT) or nobody serves
//   (PROPFIND, …): 405 on any path;
// - a method the path's route handler does not export: 405 with that route's Allow;
// - an API path that is not valid percent-encoded UTF-8: 400.
// API paths are also normalised (`..`, `%2e%2e`, trailing slash) so they reach their route or
// the API's JSON 404 instead of a redirect to an HTML page.
// It runs on Node's `http.server.request.start` diagnostics channel, synchronously, before the
// server emits `request`, so API requests need no proxy (middleware) pass: proxy.ts only serves
// pages. A client-sent REJECT_HEADER is always removed. Installed once from instrumentation.ts.

export const REJECT_PATH = "/api/request-rejected";
export const REJECT_HEADER = "x-gauntlet-rejection";
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SERVED = new Set<string>(SERVED_METHODS);
const API_PREFIXES = ["/api", "/web/api", "/console/api"];

export interface Rejection {
  status: 400 | 405;
  code: ErrorCode;
  message: string;
  allow?: string;
}

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** True when a path segment is not valid percent-encoded UTF-8 (`%E0%A4%A`, `%`, `%zz`). */
export function hasMalformedEncoding(pathname: string): boolean {
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return true;
    }
  }
  return false;
}

/** What to do with one request: refuse it, rewrite its URL, or nothing. */
export function checkRequest(method: string, rawUrl: string): { rejection: Rejection } | { url: string } | null {
  if (!SERVED.has(method)) {
    return {
      rejection: {
        status: 405,
        code: "method_not_allowed",
        message: `Method ${method.slice(0, 32)} is not allowed`,
        allow: SERVED_METHODS.join(", "),
      },
    };
  }
  const query = rawUrl.indexOf("?");
  const pathname = query < 0 ? rawUrl : rawUrl.slice(0, query);
  const api = isApiPath(pathname);
  if (api && hasMalformedEncoding(pathname)) {
    return { rejection: { status: 400, code: "bad_request", message: "The URL path is not valid percent-encoded UTF-8" } };
  }
  let path = pathname;
  if (api) {
    // Dot segments resolved as the framework would, and no trailing slash (`{id}` = `..`).
    let normalised: string;
    try {
      normalised = new URL(pathname, "http://x").pathname;
    } catch {
      normalised = pathname;
    }
    path = normalised.length > 1 ? normalised.replace(/\/+$/, "") : normalised;
    if (!isApiPath(path)) path = "/api"; // `/api/..` climbs out of the API: its JSON 404
  }
  const route = matchRoute(path);
  if (route && !route.methods.has(method)) {
    return {
      rejection: { status: 405, code: "method_not_allowed", message: `Method ${method} is not allowed on this path`, allow: route.allow },
    };
  }
  if (path !== pathname) return { url: query < 0 ? path : path + rawUrl.slice(query) };
  return null;
}

/** Applies checkRequest to an incoming request (exported for tests). */
export function guardIncoming(request: IncomingMessage): void {
  delete request.headers[REJECT_HEADER];
  const outcome = checkRequest(request.method ?? "GET", request.url ?? "/");
  if (!outcome) return;
  if ("url" in outcome) {
    request.url = outcome.url;
    return;
  }
  request.headers[REJECT_HEADER] = JSON.stringify(outcome.rejection);
  request.method = "GET";
  request.url = REJECT_PATH;
}

const INSTALLED = Symbol.for("gauntlet.requestGuard");
type Flagged = typeof globalThis & { [INSTALLED]?: boolean };

/** Installs the hook (idempotent). Safe to call in any Node.js process. */
export function installRequestGuard(): void {
  const g = globalThis as Flagged;
  if (g[INSTALLED]) return;
  subscribe("http.server.request.start", (message) => {
    guardIncoming((message as { request: IncomingMessage }).request);
  });
  g[INSTALLED] = true;
}
