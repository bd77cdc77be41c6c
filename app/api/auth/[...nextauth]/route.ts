import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { errorResponse, toAppError } from "@/lib/api/handler";
import { authOptions } from "@/lib/auth/options";
import { AppError } from "@/lib/errors";

const nextAuth = NextAuth(authOptions) as (req: Request, ctx: unknown) => Promise<Response>;

// next-auth parses JSON bodies itself and throws on a malformed one (the framework then answers
// 500 with an empty body). Bodies are checked first, and anything next-auth throws is answered
// with the API's JSON error shape like every other API path.
async function checkedBody(req: NextRequest): Promise<void> {
  if (req.method !== "POST") return;
  const type = req.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return;
  const text = await req.clone().text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
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
