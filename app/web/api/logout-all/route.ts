import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";
import { revokeAllSessions } from "@/lib/services/sessions";

// Log out everywhere: every session of the account (every device, every access token, this one
// included) is refused from now on.
export const POST = route({ auth: "user", doc: { status: 204 } }, async ({ caller }) => {
  await revokeAllSessions(caller.account.id);
  const res = new NextResponse(null, { status: 204 });
  res.cookies.set(sessionCookieName(), "", sessionCookieOptions(0));
  return res;
});
