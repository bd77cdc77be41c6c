import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { errorResponse, toAppError } from "@/lib/api/handler";
import { authOptions } from "@/lib/auth/options";
import { AppError } from "@/lib/errors";
import { parseJsonWithLimits } from "@/lib/http/json-limits";

const nextAuth = NextAuth(authOptions) as (req: Request, ctx: unknown) => Promise<Response>;

/** The largest body a sign-in may send (next-auth reads it whole, and so does the check below). */
const MAX_AUTH_BODY_BYTES = 64 * 1024;

// next-auth parses JSON bodies itself and throws on a malformed one (the framework then answers
// 500 with an empty body). Bodies are checked first: size (any type), then JSON shape and depth;
// anything next-auth throws is answered with the API's JSON error shape like every other API path.
async function checkedBody(req: NextRequest): Promise<void> {
  if (req.method !== "POST") return;
  const tooLarge = () => new AppError("payload_too_large", `Request body is larger than ${MAX_AUTH_BODY_BYTES} bytes`);
  if (Number(req.headers.get("content-length") ?? "0") > MAX_AUTH_BODY_BYTES) throw tooLarge();
  const text = await req.clone().text();
  if (Buffer.byteLength(text) > MAX_AUTH_BODY_BYTES) throw tooLarge();
  const type = req.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return;
  let parsed: unknown;
  try {
    parsed = parseJsonWithLimits(text);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("invalid_json", "The request body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AppError("bad_request", "The request body must be a JSON object");
  }
}

async function handler(req: NextRequest, ctx: unknown): Promise<Response> {
  try {
    await checkedBody(req);
    return await nextAuth(req, ctx);
  } catch (err) {
    return errorResponse(toAppError(err));
  }
}

export { handler as GET, handler as POST };
