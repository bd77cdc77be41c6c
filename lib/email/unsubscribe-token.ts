import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSubkey } from "@/lib/crypto";
import { env } from "@/lib/env";

// The unsubscribe link in notification emails: `<purpose>.<accountId>.<signature>`, where the
// signature is HMAC-SHA256 over the purpose and the account id with a key derived from
// AUTH_SECRET. It never expires (a link in an old mail must still work, RFC 8058 asks for a
// lasting URI); rotating AUTH_SECRET revokes every link at once. The token only allows turning
// one setting off for one account, so it carries no other authority.

export const UNSUBSCRIBE_PURPOSE = "email-notifications";
const VERSION = "v1";
const ACCOUNT_ID = /^[A-Za-z0-9-]{1,64}$/;

function signature(purpose: string, accountId: string): string {
  // A key of its own, so this MAC can never be confused with another use of AUTH_SECRET.
  return createHmac("sha256", authSubkey(`gauntlet/unsubscribe/${VERSION}`))
    .update(`${purpose}\n${accountId}`)
    .digest("base64url");
}

export function signUnsubscribeToken(accountId: string): string {
  if (!ACCOUNT_ID.test(accountId)) throw new Error("Not an account id");
  return `${UNSUBSCRIBE_PURPOSE}.${accountId}.${signature(UNSUBSCRIBE_PURPOSE, accountId)}`;
}

/** The account a token names, or null when it is malformed, for another purpose, or forged. */
export function verifyUnsubscribeToken(token: unknown): string | null {
  if (typeof token !== "string" || token.length > 256) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [purpose, accountId, sig] = parts as [string, string, string];
  if (purpose !== UNSUBSCRIBE_PURPOSE || !ACCOUNT_ID.test(accountId)) return null;
  const expected = Buffer.from(signature(purpose, accountId));
  const actual = Buffer.from(sig);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? accountId : null;
}

/** The page that confirms (GET) and the one-click endpoint (POST, RFC 8058) for a token. */
export function unsubscribeUrls(accountId: string): { page: string; oneClick: string } {
  const token = encodeURIComponent(signUnsubscribeToken(accountId));
  return {
    page: new URL(`/notifications/unsubscribe?token=${token}`, env.APP_URL).toString(),
    oneClick: new URL(`/web/api/notifications/unsubscribe?token=${token}`, env.APP_URL).toString(),
  };
}
