import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import type { ErrorBody, ErrorCode } from "@/lib/errors";
import { DISALLOWED_METHOD_HEADER, SERVED_METHODS } from "@/lib/http/method-guard";
import { matchRoute } from "@/lib/http/route-match";

// What runs in front of every request (proxy.ts, Next 16's middleware): the checks the framework
// would otherwise answer with a plain-text 500 or an HTML page on API paths, and the
// Content-Security-Policy (with a fresh nonce) on pages.

const API_PREFIXES = ["/api", "/web/api", "/console/api"];
const ALLOWED = new Set<string>(SERVED_METHODS);

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

function jsonError(status: number, code: ErrorCode, message: string, headers?: Record<string, string>): NextResponse {
  const body: ErrorBody = { error: { code, message } };
  return NextResponse.json(body, { status, headers });
}

/** Console pages check plugin config schemas live with ajv, which compiles validators with `new Function`. */
function pageEvaluatesCode(pathname: string): boolean {
  return pathname === "/console" || pathname.startsWith("/console/");
}

/**
 * The page policy: scripts only with this request's nonce; images from here and allowed hosts.
 * `'unsafe-eval'` only in development and on the members-only console (ajv, see above): it lets
 * running scripts compile strings, never lets an injected script run, and player pages, which
 * show other people's content, do without it.
 */
export function contentSecurityPolicy(nonce: string, pathname = "/"): string {
  const imageHosts = env.MARKDOWN_IMAGE_HOSTS.map((h) => `https://${h}`);
  const dev = env.NODE_ENV === "development";
  const https = env.APP_URL.startsWith("https://");
  const evaluates = dev || pageEvaluatesCode(pathname);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${evaluates ? " 'unsafe-eval'" : ""}`,
    // Themes set CSS custom properties in style attributes (values are whitelisted server-side).
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageHosts].join(" "),
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

// A plain URL: NextURL keeps a trailing slash it was parsed with.
function withoutTrailingSlash(req: NextRequest): URL {
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/\/+$/, "") || "/";
  return url;
}

export function proxy(req: NextRequest): NextResponse {
  const { pathname } = req.nextUrl;
  const api = isApiPath(pathname);
  // TRACE and the like arrive as a GET marked by lib/http/method-guard.ts (the Fetch API cannot
  // even represent them); any other unserved method arrives as itself.
  const method = req.headers.get(DISALLOWED_METHOD_HEADER) ?? req.method;
  if (!ALLOWED.has(method)) {
    return jsonError(405, "method_not_allowed", `Method ${method.slice(0, 32)} is not allowed`, {
      Allow: SERVED_METHODS.join(", "),
    });
  }
  if (api && hasMalformedEncoding(pathname)) {
    return jsonError(400, "bad_request", "The URL path is not valid percent-encoded UTF-8");
  }
  // A route handler that does not serve this method: Next's own 405 has an empty body.
  const route = matchRoute(pathname);
  if (route && !route.methods.has(method)) {
    return jsonError(405, "method_not_allowed", `Method ${method} is not allowed on this path`, { Allow: route.allow });
  }
  if (api) {
    // `/console/api/challenges/..` arrives as `/console/api/`: answer it (the unknown-path JSON
    // 404 or the route) instead of redirecting to an HTML page.
    if (pathname.length > 1 && pathname.endsWith("/")) return NextResponse.rewrite(withoutTrailingSlash(req));
    return NextResponse.next();
  }
  // Pages keep Next's usual trailing-slash redirect (turned off in next.config.ts for API paths).
  if (pathname.length > 1 && pathname.endsWith("/")) return NextResponse.redirect(withoutTrailingSlash(req), 308);
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, pathname);
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", csp);
  return res;
}
