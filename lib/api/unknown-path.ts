import { NextResponse } from "next/server";
import type { ErrorBody } from "@/lib/errors";

// The catch-all route of each API prefix (/api, /web/api, /console/api): a path no route
// serves gets the API's JSON 404 instead of the HTML not-found page. Each catch-all route file
// re-exports the method handlers below.

export function unknownApiPath(req: Request): NextResponse {
  const body: ErrorBody = {
    error: { code: "not_found", message: `No API endpoint at ${new URL(req.url).pathname}` },
  };
  return NextResponse.json(body, { status: 404 });
}

export const GET = unknownApiPath;
export const HEAD = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
