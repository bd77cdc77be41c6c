import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";
import { authOperations } from "@/lib/contracts/auth";
import { revokeAllSessions } from "@/lib/services/sessions";

// Log out everywhere: every session of the account (every device, every access token, this one
// included) is refused from now on.
export const POST = route(authOperations.logoutEverywhere, async ({ caller }) => {
  await revokeAllSessions(caller.account.id);
  const res = new NextResponse(null, { status: 204 });
  res.cookies.set(sessionCookieName(), "", sessionCookieOptions(0));
  return res;
});
