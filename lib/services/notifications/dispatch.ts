import "server-only";
import { z } from "zod";
import type { AccountMessage, NotificationView, WorkspaceEventMessage, WorkspaceEventView } from "@/lib/contracts/notifications";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { defineJob, enqueueJobIn, PermanentJobError } from "@/lib/jobs";
import { log } from "@/lib/log";
import { pubsub } from "@/lib/pubsub";
import type { PreferenceKey, SubjectRef } from "@/lib/services/notifications/events";
import { eventView, notificationView, parsedEvent } from "@/lib/services/notifications/views";

// notification.dispatch: one notification_events row (written in the attempt's transaction) is
// turned into its deliveries, in ONE transaction that first claims the event (a second run finds
// it done and adds nothing) — the in-app notifications of the recipients whose preference allows, an
// email.digest job per recipient who wants mail (one per batching window) and the webhook.fanout
// job. Only after the commit are the live channels told: a player's
// `account:<id>` and the console's `workspace:<id>:events`. At-least-once: a run after a commit
// whose publish was lost finds the event done and does nothing.

export const DISPATCH_QUEUE = "notification.dispatch";
export const EMAIL_DIGEST_QUEUE = "email.digest";
export const WEBHOOK_FANOUT_QUEUE = "webhook.fanout";

export const accountChannel = (accountId: string) => `account:${accountId}`;
export const workspaceEventsChannel = (workspaceId: string) => `workspace:${workspaceId}:events`;

/** The batching window an email digest job belongs to and when it runs (the window's end). */
export function digestWindow(now: Date, windowMs = env.EMAIL_DIGEST_WINDOW_MS): { bucket: number; runAt: Date } {
  const bucket = Math.floor(now.getTime() / windowMs);
  return { bucket, runAt: new Date((bucket + 1) * windowMs) };
}

export interface DispatchOutcome {
  workspaceId: string;
  event: WorkspaceEventView;
  created: { accountId: string; notification: NotificationView; unread: number }[];
}

async function subjectName(tx: Tx, ref: SubjectRef, workspaceId: string): Promise<string | null> {
  const where = { id: ref.id, workspaceId };
  const select = { name: true } as const;
  const row =
    ref.table === "challenges"
      ? await tx.challenge.findFirst({ where, select })
      : await tx.redBlueChallenge.findFirst({ where, select });
  return row?.name ?? null;
}

interface RecipientPrefs {
  allowed: boolean;
  byEmail: boolean;
}

/** The preferences of the recipients that are active accounts (defaults when one has no profile row). */
async function recipientPrefs(tx: Tx, accountIds: string[], key: PreferenceKey | null): Promise<Map<string, RecipientPrefs>> {
  const rows = await tx.account.findMany({
    where: { id: { in: accountIds }, status: "active" },
    select: {
      id: true,
      profile: { select: { notifyOnFirstBlood: true, notifyOnRecordBeaten: true, notifyOnPairing: true, notifyByEmail: true } },
    },
  });
  // No profile row: the schema's defaults (every event type on, email off).
  return new Map(
    rows.map((r) => [r.id, r.profile ? { allowed: key === null || r.profile[key], byEmail: r.profile.notifyByEmail } : { allowed: true, byEmail: false }]),
  );
}

/**
 * Claims the event for this run (PostgreSQL: the row stays locked until the transaction ends, so a
 * concurrent run waits and then finds it done); false when it was already done.
 */
async function claimEvent(tx: Tx, eventId: string, now: Date): Promise<boolean> {
  const { count } = await tx.notificationEvent.updateMany({
    where: { id: eventId, status: { not: "done" } },
    data: { status: "done", processedAt: now, attempts: { increment: 1 }, lastError: null },
  });
  if (count > 0) return true;
  if (!(await tx.notificationEvent.findUnique({ where: { id: eventId }, select: { id: true } })))
    throw new PermanentJobError(`Notification event ${eventId} not found`);
  return false;
}

/** The dispatch of one event, inside a Prisma transaction; null when it was already done. */
export async function dispatchEvent(tx: Tx, eventId: string, now: Date): Promise<DispatchOutcome | null> {
  if (!(await claimEvent(tx, eventId, now))) return null;
  const row = await tx.notificationEvent.findUniqueOrThrow({
    where: { id: eventId },
    select: { workspaceId: true, event: true, payload: true, occurredAt: true },
  });
  const { workspaceId } = row;
  const parsed = parsedEvent(row.event, row.payload);
  // Thrown inside the transaction: the claim is rolled back with it.
  if (!parsed) throw new PermanentJobError(`Notification event ${eventId}: unknown event type or invalid payload`);
  const { type, payload } = parsed;

  const recipients = [...new Set(await type.recipients(payload, workspaceId, tx))];
  const name = await subjectName(tx, type.subject(payload), workspaceId);
  const text = type.render(payload, name);
  const prefs = recipients.length > 0 ? await recipientPrefs(tx, recipients, type.preference) : new Map<string, RecipientPrefs>();
  const told = recipients.filter((accountId) => prefs.get(accountId)?.allowed);
  const ids = new Map(told.map((accountId) => [accountId, uuidv7()]));
  // The claim makes this run the only one: no (event, account) pair can exist yet.
  if (told.length > 0) {
    await tx.notification.createMany({
      data: told.map((accountId) => ({
        id: ids.get(accountId)!,
        accountId,
        eventId,
        type: type.event,
        ...text,
        createdAt: now,
      })),
    });
  }
  const digest = digestWindow(now);
  for (const accountId of told) {
    if (!prefs.get(accountId)?.byEmail) continue;
    await enqueueJobIn(tx, EMAIL_DIGEST_QUEUE, { accountId }, {
      singletonKey: `${EMAIL_DIGEST_QUEUE}:${accountId}:${digest.bucket}`,
      runAt: digest.runAt,
    });
  }
  const unread =
    told.length > 0
      ? await tx.notification.groupBy({
          by: ["accountId"],
          where: { accountId: { in: told }, readAt: null },
          _count: { _all: true },
        })
      : [];
  const unreadOf = new Map(unread.map((u) => [u.accountId, u._count._all]));
  const created: DispatchOutcome["created"] = told.map((accountId) => ({
    accountId,
    notification: notificationView({ id: ids.get(accountId)!, type: type.event, ...text, readAt: null, createdAt: now }),
    unread: unreadOf.get(accountId) ?? 0,
  }));

  await enqueueJobIn(tx, WEBHOOK_FANOUT_QUEUE, { eventId }, { singletonKey: `${WEBHOOK_FANOUT_QUEUE}:${eventId}`, workspaceId });
  const event = eventView(
    { id: eventId, event: type.event, payload, status: "done", occurredAt: row.occurredAt, processedAt: now },
    name,
    told.length,
  );
  return { workspaceId, event, created };
}

/** Tells the live channels (after the commit; a lost message is only a missed live update). */
export async function publishOutcome(outcome: DispatchOutcome): Promise<void> {
  const bus = pubsub();
  const messages: [string, AccountMessage | WorkspaceEventMessage][] = [
    ...outcome.created.map(
      (c): [string, AccountMessage] => [
        accountChannel(c.accountId),
        { type: "notification", notification: c.notification, unread: c.unread },
      ],
    ),
    [workspaceEventsChannel(outcome.workspaceId), { type: "event", event: outcome.event }],
  ];
  await Promise.all(
    messages.map(([channel, message]) =>
      bus.publish(channel, message).catch((err: unknown) => {
        log.warn("notification publish failed", { channel, error: err instanceof Error ? err.message : String(err) });
      }),
    ),
  );
}

/** Runs the dispatch of one event and tells the live channels; what the job runs. */
export async function dispatchNotificationEvent(eventId: string): Promise<DispatchOutcome | null> {
  const outcome = await db.$transaction((tx) => dispatchEvent(tx, eventId, new Date()));
  if (outcome) await publishOutcome(outcome);
  return outcome;
}

export const dispatchJob = defineJob({
  queue: DISPATCH_QUEUE,
  payload: z.object({ eventId: z.string().min(1).max(64) }),
  maxAttempts: 8,
  backoff: { baseMs: 1000, maxMs: 5 * 60_000 },
  timeoutMs: 30_000,
  async run({ eventId }) {
    await dispatchNotificationEvent(eventId);
  },
  async onDead({ eventId }, error) {
    // The console shows the event as failed, with why.
    await db.notificationEvent.updateMany({
      where: { id: eventId, status: { not: "done" } },
      data: { status: "failed", lastError: error.slice(0, 1000), attempts: { increment: 1 } },
    });
  },
});
