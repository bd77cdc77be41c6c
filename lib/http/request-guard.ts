import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server } from "node:http";
import type { ErrorCode } from "@/lib/errors";
import { ACTION_BODY_LIMIT, checkActionBody, isActionRequest, tooLarge } from "@/lib/http/action-body";
import { gateServer, holdBody } from "@/lib/http/request-gate";
import { matchRoute } from "@/lib/http/route-match";

// Turns requests Next.js would answer with a bare 500/405/HTML page into JSON errors, before Next
// sees them (lib/http/README.md, 'Request guard').

export const REJECT_PATH = "/api/request-rejected";
export const REJECT_HEADER = "x-gauntlet-rejection";
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SERVED = new Set<string>(SERVED_METHODS);
const API_PREFIXES = ["/api", "/web/api", "/console/api"];

export interface Rejection {
  status: 400 | 405 | 413 | 422;
  code: ErrorCode;
  message: string;
  allow?: string;
  /** Answer as a small HTML page (a browser asking for a page), not JSON. */
  html?: boolean;
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
  // Every path: Next answers a page, an asset or a build file with a 500 on these.
  if (hasMalformedEncoding(pathname)) {
    return { rejection: { status: 400, code: "bad_request", message: "The URL path is not valid percent-encoded UTF-8" } };
  }
  const api = isApiPath(pathname);
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

type Headers = IncomingMessage["headers"];

/** JSON for API paths, React's router (`RSC: 1`, `Next-Action`) and clients asking for JSON. */
export function wantsJson(pathname: string, headers: Headers): boolean {
  if (isApiPath(pathname) || headers.rsc === "1" || headers["next-action"] !== undefined) return true;
  const accept = String(headers.accept ?? "");
  return accept.includes("json") && !accept.includes("text/html");
}

// Headers that make Next treat the rewritten GET as a router or action request (a router
// request without its `_rsc` hash is answered with a redirect, not the rejection).
const ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-segment-prefetch", "next-router-state-tree", "next-url", "next-action"];

// 405s stay JSON everywhere (no browser sends TRACE); a bad URL or form can come from a browser.
function reject(request: IncomingMessage, rejection: Rejection, pathname: string): void {
  const html = rejection.status !== 405 && !wantsJson(pathname, request.headers);
  for (const name of ROUTER_HEADERS) delete request.headers[name];
  request.headers[REJECT_HEADER] = JSON.stringify(html ? { ...rejection, html } : rejection);
  request.method = "GET";
  request.url = REJECT_PATH;
}

/** A POST that Next would decode as a server action: to a page (no route handler serves it). */
function isPageAction(request: IncomingMessage): boolean {
  if (request.method !== "POST" || !isActionRequest(request.headers)) return false;
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  return !isApiPath(pathname) && matchRoute(pathname) === null;
}

/**
 * Applies checkRequest to an incoming request (exported for tests). With the server, a
 * server-action body is also judged before the server's listeners see the request.
 */
export function guardIncoming(request: IncomingMessage, server?: Server): void {
  delete request.headers[REJECT_HEADER];
  const url = request.url ?? "/";
  const pathname = url.split("?", 1)[0]!;
  const outcome = checkRequest(request.method ?? "GET", url);
  if (outcome && "rejection" in outcome) return reject(request, outcome.rejection, pathname);
  if (outcome) request.url = outcome.url;
  if (server && isPageAction(request)) {
    gateServer(server);
    const contentType = String(request.headers["content-type"] ?? "");
    const fetchAction = request.headers["next-action"] !== undefined;
    holdBody(request, ACTION_BODY_LIMIT, async (body) => {
      const refusal = body === null ? tooLarge() : await checkActionBody(contentType, body, fetchAction);
      return refusal ? { pass: false, rewrite: () => reject(request, refusal, pathname) } : { pass: true };
    });
  }
}

const INSTALLED = Symbol.for("gauntlet.requestGuard");
type Flagged = typeof globalThis & { [INSTALLED]?: boolean };

/** Installs the hook (idempotent). Safe to call in any Node.js process. */
export function installRequestGuard(): void {
  const g = globalThis as Flagged;
  if (g[INSTALLED]) return;
  subscribe("http.server.request.start", (message) => {
    const { request, server } = message as { request: IncomingMessage; server?: Server };
    guardIncoming(request, server);
  });
  g[INSTALLED] = true;
}
