import { NextResponse } from "next/server";
import { unknownApiPath } from "@/lib/api/unknown-path";
import type { ErrorBody } from "@/lib/errors";
import { REJECT_HEADER, type Rejection } from "@/lib/http/request-guard";

// Where lib/http/request-guard.ts sends a request it refuses before the framework sees it: the
// JSON error it decided on. Called directly (no rejection attached), it is an unknown API path.
export function GET(req: Request): NextResponse {
  const raw = req.headers.get(REJECT_HEADER);
  let rejection: Rejection | null = null;
  try {
    rejection = raw ? (JSON.parse(raw) as Rejection) : null;
  } catch {
    rejection = null;
  }
  if (!rejection) return unknownApiPath(req);
  const body: ErrorBody = { error: { code: rejection.code, message: rejection.message } };
  return NextResponse.json(body, { status: rejection.status, headers: rejection.allow ? { Allow: rejection.allow } : undefined });
}
