import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db";
import { sendEmail } from "@/lib/email";
import { renderNotificationDigestEmail } from "@/lib/email/notifications";
import { unsubscribeUrls } from "@/lib/email/unsubscribe-token";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { defineJob, enqueue } from "@/lib/jobs";
import { log } from "@/lib/log";
import { isNotificationEvent } from "@/lib/contracts/notifications";
import { notificationEventTypes, type PreferenceKey } from "@/lib/services/notifications/events";

// `email.digest` {accountId}: one email with the account's notifications that have not been
// emailed yet (notifications.emailed_at IS NULL), oldest first, at most DIGEST_MAX_ITEMS per
// mail. notification.dispatch enqueues it once per account and batching window, so a busy
// challenge sends one mail per window, not one per attempt.
//
// Preferences are read again at send time: with notify_by_email off (or the account banned)
// nothing is sent and the pending rows are marked, so they do not pile up for a later mail; a
// type whose notify_on_* preference is off is left out of the mail and marked too.
//
// Exactly-once as far as a mail server allows. The job runs at least once (lib/jobs), so:
// 1. Claim: the rows this mail will list get emailed_at = a claim mark derived from the job id
//    (a timestamp before CLAIM_MARKS_BEFORE, which no real send time can be). A concurrent digest
//    of the same account only takes rows still NULL, so no row is in two mails.
// 2. Send.
// 3. Mark: emailed_at = the send time, only where the row still holds this job's claim mark.
// A send that fails restores the claimed rows to NULL and throws: the retry (or the next digest)
// sends them. A process that dies between 1 and 2 leaves the rows claimed by this job id; the
// job's retry has the same id and takes them again, so nothing is lost. A process that dies
// between 2 and 3 — or a server that accepted the mail but timed out answering — makes the
// retry send the same rows once more: at worst one duplicate mail, never a lost one. A job that
// ends dead gives its claimed rows back (onDead) for the next digest.

export const EMAIL_DIGEST_QUEUE = "email.digest";
/** Notifications listed in one mail; the rest go in a follow-up digest. */
export const DIGEST_MAX_ITEMS = 50;
/** How long the follow-up digest waits after a full mail. */
export const FOLLOW_UP_DELAY_MS = 60_000;
/** emailed_at values before this are claim marks, not send times. */
export const CLAIM_MARKS_BEFORE = new Date(Date.UTC(2000, 0, 1));

const payloadSchema = z.object({ accountId: z.string().min(1).max(64) });
export type EmailDigestPayload = z.infer<typeof payloadSchema>;


interface Preferences extends Record<PreferenceKey, boolean> {
  notifyByEmail: boolean;
}

/** The claim mark of one job: the same on every try of that job, distinct between jobs. */
export function claimMark(jobId: string): Date {
  const n = createHash("sha256").update(jobId).digest().readUIntBE(0, 6);
  return new Date(n % CLAIM_MARKS_BEFORE.getTime());
}

const pendingOrMine = (mark: Date) => [{ emailedAt: null }, { emailedAt: mark }];

async function loadRecipient(accountId: string) {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: {
      email: true,
      status: true,
      profile: {
        select: { notifyOnFirstBlood: true, notifyOnRecordBeaten: true, notifyOnPairing: true, notifyByEmail: true },
      },
    },
  });
  if (!account) return null;
  // Defaults as in the schema when the player never saved settings.
  const prefs: Preferences = {
    notifyOnFirstBlood: account.profile?.notifyOnFirstBlood ?? true,
    notifyOnRecordBeaten: account.profile?.notifyOnRecordBeaten ?? true,
    notifyOnPairing: account.profile?.notifyOnPairing ?? true,
    notifyByEmail: account.profile?.notifyByEmail ?? false,
  };
  return { email: account.email, active: account.status === "active", prefs };
}

/** Whether the type's own preference (the event registry's) still allows it; other types always go. */
function wanted(prefs: Preferences, type: string): boolean {
  if (!isNotificationEvent(type)) return true;
  const key = notificationEventTypes[type].preference;
  return key === null || prefs[key];
}

/** Gives rows this job claimed back to the queue of pending ones. */
async function releaseClaim(ids: string[] | undefined, accountId: string, mark: Date): Promise<void> {
  await db.notification.updateMany({
    where: { accountId, emailedAt: mark, ...(ids ? { id: { in: ids } } : {}) },
    data: { emailedAt: null },
  });
}

export async function runEmailDigest({ accountId }: EmailDigestPayload, jobId: string): Promise<void> {
  const mark = claimMark(jobId);
  const recipient = await loadRecipient(accountId);
  if (!recipient) return; // The account is gone, and its notifications with it.

  if (!recipient.prefs.notifyByEmail || !recipient.active) {
    const { count } = await db.notification.updateMany({
      where: { accountId, OR: pendingOrMine(mark) },
      data: { emailedAt: new Date() },
    });
    if (count > 0) log.info("Notification email skipped: email is off for the account", { accountId, count });
    return;
  }

  // 1. Claim the oldest pending rows (and any this job claimed on an earlier try).
  const candidates = await db.notification.findMany({
    where: { accountId, OR: pendingOrMine(mark) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: DIGEST_MAX_ITEMS,
    select: { id: true },
  });
  if (candidates.length === 0) return;
  const candidateIds = candidates.map((c) => c.id);
  await db.notification.updateMany({
    where: { id: { in: candidateIds }, OR: pendingOrMine(mark) },
    data: { emailedAt: mark },
  });
  const claimed = await db.notification.findMany({
    where: { id: { in: candidateIds }, emailedAt: mark },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, type: true, title: true, body: true, link: true, createdAt: true },
  });
  if (claimed.length === 0) return; // A concurrent digest took them.
  const claimedIds = claimed.map((n) => n.id);
  const items = claimed.filter((n) => wanted(recipient.prefs, n.type));

  // 2. Send (nothing when every claimed row is of a type the player turned off).
  if (items.length > 0) {
    const urls = unsubscribeUrls(accountId);
    const mail = renderNotificationDigestEmail({ items, appUrl: env.APP_URL, unsubscribeUrl: urls.page });
    try {
      await sendEmail({
        to: recipient.email,
        ...mail,
        headers: {
          // RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs here.
          "List-Unsubscribe": `<${urls.oneClick}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    } catch (err) {
      if (err instanceof AppError && err.code === "bad_request") {
        // An address the mailer refuses outright: retrying cannot help; do not pile up.
        log.warn("Notification email not sent: the account's address was refused", { accountId });
      } else {
        await releaseClaim(claimedIds, accountId, mark);
        throw err;
      }
    }
  }

  // 3. Mark them sent (or skipped by preference).
  await db.notification.updateMany({
    where: { id: { in: claimedIds }, emailedAt: mark },
    data: { emailedAt: new Date() },
  });
  if (items.length > 0) log.info("Notification email sent", { accountId, count: items.length });

  // A full mail: the rest follow in another digest (keyed by this job, so a retry adds none).
  if (candidates.length === DIGEST_MAX_ITEMS) {
    const left = await db.notification.count({ where: { accountId, emailedAt: null } });
    if (left > 0) {
      await enqueue(
        EMAIL_DIGEST_QUEUE,
        { accountId },
        { singletonKey: `${EMAIL_DIGEST_QUEUE}:${accountId}:after:${jobId}`, delayMs: FOLLOW_UP_DELAY_MS },
      );
    }
  }
}

export const emailDigestJob = defineJob<EmailDigestPayload>({
  queue: EMAIL_DIGEST_QUEUE,
  payload: payloadSchema,
  // A mail server that is down: tries spread over about an hour.
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  timeoutMs: 60_000,
  run: (payload, ctx) => runEmailDigest(payload, ctx.jobId),
  onDead: async (payload, _error, ctx) => {
    await releaseClaim(undefined, payload.accountId, claimMark(ctx.jobId));
  },
});
