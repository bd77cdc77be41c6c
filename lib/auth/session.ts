import "server-only";
import { randomUUID } from "node:crypto";
import { decode, encode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";

// Sessions are next-auth JWTs with an absolute lifetime, revocable through their `sid` and the
// account's session version (ARCHITECTURE.md, 'Sign-in and sessions').

export interface SessionClaims {
  accountId: string;
  email: string;
  name: string;
  authTime: number; // epoch seconds
  sessionId: string;
  version: number;
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

/** A new random session id (the `sid` claim). */
export function newSessionId(): string {
  return randomUUID();
}

/**
 * Encodes a session token. `sessionVersion` must be the account's current session_version
 * (lib/services/sessions.ts issueSessionToken reads it); 0 for a new account.
 */
export async function createSessionToken(
  account: { id: string; email: string; name: string; sessionVersion?: number },
  authTime = Math.floor(Date.now() / 1000),
  sessionId = newSessionId(),
): Promise<string> {
  const remaining = authTime + sessionMaxAgeSeconds() - Math.floor(Date.now() / 1000);
  const token: JWT = {
    sub: account.id,
    email: account.email,
    name: account.name,
    authTime,
    sid: sessionId,
    sv: account.sessionVersion ?? 0,
  };
  return encode({ token, secret: env.AUTH_SECRET, maxAge: Math.max(1, remaining) });
}

/** When a session of this `authTime` ends (epoch seconds). */
export function sessionExpiresAt(authTime: number): number {
  return authTime + sessionMaxAgeSeconds();
}

export function claimsFromJwt(token: JWT | null): SessionClaims | null {
  if (!token || typeof token.sub !== "string") return null;
  const authTime = typeof token.authTime === "number" ? token.authTime : NaN;
  if (!Number.isFinite(authTime)) return null;
  if (Math.floor(Date.now() / 1000) - authTime > sessionMaxAgeSeconds()) return null;
  const sid = token.sid;
  const sv = token.sv;
  if (typeof sid !== "string" || sid.length === 0 || sid.length > 64) return null;
  if (typeof sv !== "number" || !Number.isSafeInteger(sv) || sv < 0) return null;
  return {
    accountId: token.sub,
    email: typeof token.email === "string" ? token.email : "",
    name: typeof token.name === "string" ? token.name : "",
    authTime,
    sessionId: sid,
    version: sv,
  };
}

// Decrypting a token (HKDF key derivation + JWE) is the larger part of authenticating a request,
// and API clients send the same token with every call. A token's content never changes, so
// decrypted tokens are kept (bounded, least recently used first out) until they expire; the
// lifetime checks in claimsFromJwt still run on every read. Failed decodes are not kept.
// Only the decoding is cached: whether the session is still valid (revoked sid, session
// version) is read from the database on every request, so revocation holds on every instance.
const DECODED_MAX = 10_000;
const decoded = new Map<string, { secret: string; jwt: JWT; expiresAt: number }>();

async function decodeCached(raw: string): Promise<JWT | null> {
  const secret = env.AUTH_SECRET;
  const hit = decoded.get(raw);
  if (hit) {
    decoded.delete(raw);
    if (hit.secret === secret && Date.now() < hit.expiresAt) {
      decoded.set(raw, hit);
      return hit.jwt;
    }
  }
  const jwt = await decode({ token: raw, secret });
  const exp = typeof jwt?.exp === "number" ? jwt.exp * 1000 : 0;
  if (jwt && exp > Date.now()) {
    decoded.set(raw, { secret, jwt, expiresAt: exp });
    if (decoded.size > DECODED_MAX) decoded.delete(decoded.keys().next().value!);
  }
  return jwt;
}

export async function readSessionToken(raw: string | undefined | null): Promise<SessionClaims | null> {
  if (!raw || raw.length > 8192) return null;
  try {
    return claimsFromJwt(await decodeCached(raw));
  } catch {
    return null;
  }
}
