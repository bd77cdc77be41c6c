import "server-only";
import { NextResponse } from "next/server";
import { sessionCookieName, sessionCookieOptions, sessionMaxAgeSeconds } from "@/lib/auth/session";
import type { PublicAccount } from "@/lib/services/accounts";
import { issueSessionToken } from "@/lib/services/sessions";

/**
 * A successful login or registration answer for API clients: the session cookie for browsers
 * and the same token as a Bearer access token for everything else.
 */
export async function sessionResponse(
  account: PublicAccount,
  status = 200,
  session: { authTime?: number } = {},
): Promise<NextResponse> {
  const token = await issueSessionToken(account, session);
  const res = NextResponse.json(
    {
      account: { id: account.id, email: account.email, name: account.name },
      access_token: token,
      token_type: "Bearer",
      expires_in: sessionMaxAgeSeconds(),
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
  res.cookies.set(sessionCookieName(), token, sessionCookieOptions());
  return res;
}
