import "server-only";
import { db } from "@/lib/db";
import { verifyUnsubscribeToken } from "@/lib/email/unsubscribe-token";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

// The unsubscribe link of notification emails (token: lib/email/unsubscribe-token.ts). The page
// shows what the link would do and asks for a click (a mail scanner following links must not
// unsubscribe anyone); the click and a mail client's one-click POST (RFC 8058) turn
// notify_by_email off. Nothing else about the account changes, and a bad token changes nothing.

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid: it may be incomplete or out of date. Turn email notifications off in your settings instead.";

export type UnsubscribePreview =
  | { valid: false }
  | { valid: true; maskedEmail: string; subscribed: boolean };

/** "ad***@example.com": enough for people to recognise their address, not to learn someone's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}***${email.slice(at)}`;
}

async function accountOf(token: unknown) {
  const accountId = verifyUnsubscribeToken(token);
  if (!accountId) return null;
  return db.account.findUnique({
    where: { id: accountId },
    select: { id: true, email: true, profile: { select: { notifyByEmail: true } } },
  });
}

/** What the unsubscribe page shows for a token (reads only). */
export async function previewUnsubscribe(token: unknown): Promise<UnsubscribePreview> {
  const account = await accountOf(token);
  if (!account) return { valid: false };
  return { valid: true, maskedEmail: maskEmail(account.email), subscribed: account.profile?.notifyByEmail ?? false };
}

/**
 * Turns notification emails off for the account the token names. Repeating it is harmless.
 * Refuses (400) a token that is malformed, forged, or names no account.
 */
export async function unsubscribeFromNotificationEmails(token: unknown): Promise<{ accountId: string }> {
  const account = await accountOf(token);
  if (!account) throw new AppError("bad_request", INVALID_UNSUBSCRIBE_LINK);
  // No profile row means the default, which is off already: nothing to write.
  const { count } = await db.playerProfile.updateMany({
    where: { accountId: account.id, notifyByEmail: true },
    data: { notifyByEmail: false },
  });
  if (count > 0) log.info("Notification emails turned off from an unsubscribe link", { accountId: account.id });
  return { accountId: account.id };
}
