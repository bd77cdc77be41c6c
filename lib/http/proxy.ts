import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";

// What runs in front of every page (proxy.ts, Next 16's middleware): the Content-Security-Policy
// with a fresh nonce, and the trailing-slash redirect. API paths do not pass through here (the
// proxy pass costs every request CPU); lib/http/request-guard.ts answers their malformed URLs and
// unserved methods before the framework sees them.

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
