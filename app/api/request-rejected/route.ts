import { NextResponse } from "next/server";
import { unknownApiPath } from "@/lib/api/unknown-path";
import type { ErrorBody } from "@/lib/errors";
import { REJECT_HEADER, type Rejection } from "@/lib/http/request-guard";

// Where lib/http/request-guard.ts sends a request it refuses before the framework sees it: the
// error it decided on, as JSON, or as a short HTML page for a browser asking for a page. Called
// directly (no rejection attached), it is an unknown API path.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(rejection: Rejection): Response {
  const title = rejection.status === 400 ? "Bad request" : `Error ${rejection.status}`;
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(rejection.message)}.</p><p><a href="/">Home</a></p></body></html>\n`;
  return new Response(body, {
    status: rejection.status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // Nothing on this page runs: no scripts, styles or frames.
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      ...(rejection.allow ? { allow: rejection.allow } : {}),
    },
  });
}

export function GET(req: Request): Response {
  const raw = req.headers.get(REJECT_HEADER);
  let rejection: Rejection | null = null;
  try {
    rejection = raw ? (JSON.parse(raw) as Rejection) : null;
  } catch {
    rejection = null;
  }
  if (!rejection) return unknownApiPath(req);
  if (rejection.html) return page(rejection);
  const body: ErrorBody = { error: { code: rejection.code, message: rejection.message } };
  return NextResponse.json(body, {
    status: rejection.status,
    headers: { "cache-control": "no-store", ...(rejection.allow ? { Allow: rejection.allow } : {}) },
  });
}
