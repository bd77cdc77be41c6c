import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { sessionClaimsOf } from "@/lib/api/caller";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";
import { authOperations } from "@/lib/contracts/auth";
import { revokeSession } from "@/lib/services/sessions";

// Ends the session the request presents (access token or cookie) on the server: the same token
// is refused everywhere from now on. Idempotent; 204 with or without a session.
export const POST = route(authOperations.logout, async ({ req }) => {
  const claims = await sessionClaimsOf(req.headers);
  if (claims) await revokeSession(claims);
  const res = new NextResponse(null, { status: 204 });
  res.cookies.set(sessionCookieName(), "", sessionCookieOptions(0));
  return res;
});
