import "server-only";
import { decode, encode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";

// Sessions are next-auth JWTs (JWE, next-auth's own format and cookie), so next-auth's routes
// and our server actions and route handlers all read the same session. The lifetime is
// absolute: `authTime` is fixed at login and never refreshed.

export interface SessionClaims {
  accountId: string;
  email: string;
  name: string;
  authTime: number; // epoch seconds
}

export function sessionMaxAgeSeconds(): number {
  return env.SESSION_MAX_AGE_HOURS * 3600;
}

export function sessionCookieName(): string {
  return secureCookies() ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export function secureCookies(): boolean {
  return env.APP_URL.startsWith("https://");
}

export function sessionCookieOptions(maxAge = sessionMaxAgeSeconds()) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: secureCookies(),
    path: "/",
    maxAge,
  };
}

export async function createSessionToken(
  account: { id: string; email: string; name: string },
  authTime = Math.floor(Date.now() / 1000),
): Promise<string> {
  const remaining = authTime + sessionMaxAgeSeconds() - Math.floor(Date.now() / 1000);
  const token: JWT = { sub: account.id, email: account.email, name: account.name, authTime };
  return encode({ token, secret: env.AUTH_SECRET, maxAge: Math.max(1, remaining) });
}

export function claimsFromJwt(token: JWT | null): SessionClaims | null {
  if (!token || typeof token.sub !== "string") return null;
  const authTime = typeof token.authTime === "number" ? token.authTime : NaN;
  if (!Number.isFinite(authTime)) return null;
  if (Math.floor(Date.now() / 1000) - authTime > sessionMaxAgeSeconds()) return null;
  return {
    accountId: token.sub,
    email: typeof token.email === "string" ? token.email : "",
    name: typeof token.name === "string" ? token.name : "",
    authTime,
  };
}

export async function readSessionToken(raw: string | undefined | null): Promise<SessionClaims | null> {
  if (!raw || raw.length > 8192) return null;
  try {
    return claimsFromJwt(await decode({ token: raw, secret: env.AUTH_SECRET }));
  } catch {
    return null;
  }
}
