import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { secureCookies } from "@/lib/auth/session";
import { authSubkey } from "@/lib/crypto";

// The guest identity: a random id in an httpOnly cookie, signed with HMAC-SHA256 under a key
// derived from AUTH_SECRET. "<id>.<issued, epoch seconds>.<mac>". Nothing is stored until the
// guest's first attempt (an EndUser of type "guest", sessionId "guest:<id>"). A cookie whose mac
// does not verify, that is older than GUEST_MAX_AGE_SECONDS or malformed is no guest at all.

export const GUEST_MAX_AGE_SECONDS = 30 * 24 * 3600;
const ID = /^[A-Za-z0-9_-]{22}$/;
const MAX_COOKIE_LENGTH = 200;

export function guestCookieName(): string {
  return secureCookies() ? "__Secure-gauntlet.guest" : "gauntlet.guest";
}

export function guestCookieOptions(maxAge = GUEST_MAX_AGE_SECONDS) {
  return { httpOnly: true, sameSite: "lax" as const, secure: secureCookies(), path: "/", maxAge };
}

function mac(payload: string): Buffer {
  return createHmac("sha256", authSubkey("gauntlet guest cookie v1")).update(payload).digest();
}

/** A new guest: its id and the signed cookie value. */
export function newGuest(now = Date.now()): { id: string; token: string } {
  const id = randomBytes(16).toString("base64url");
  const payload = `${id}.${Math.floor(now / 1000)}`;
  return { id, token: `${payload}.${mac(payload).toString("base64url")}` };
}

/** The guest id a cookie value proves, or null (absent, forged, expired, malformed). */
export function verifyGuestToken(raw: string | null | undefined, now = Date.now()): string | null {
  if (!raw || raw.length > MAX_COOKIE_LENGTH) return null;
  const parts = raw.split(".");
  if (parts.length !== 3) return null;
  const [id, issued, sig] = parts as [string, string, string];
  if (!ID.test(id) || !/^\d{1,12}$/.test(issued)) return null;
  const age = Math.floor(now / 1000) - Number(issued);
  if (age < -60 || age > GUEST_MAX_AGE_SECONDS) return null;
  const expected = mac(`${id}.${issued}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return id;
}

/** The guest cookie's value in a Cookie header (no decoding needed: the value is base64url). */
export function guestTokenOf(headers: Headers): string | null {
  const raw = headers.get("cookie");
  if (!raw) return null;
  const name = guestCookieName();
  for (const part of raw.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

export const guestIdOf = (headers: Headers, now?: number): string | null =>
  verifyGuestToken(guestTokenOf(headers), now);

/** The Set-Cookie header value that gives a browser its guest cookie (or clears it with maxAge 0). */
export function guestSetCookie(token: string, maxAge = GUEST_MAX_AGE_SECONDS): string {
  const o = guestCookieOptions(maxAge);
  return `${guestCookieName()}=${token}; Path=${o.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${o.secure ? "; Secure" : ""}`;
}
