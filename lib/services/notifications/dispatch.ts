import "server-only";
import { z } from "zod";
import type { AccountMessage, NotificationView, WorkspaceEventMessage, WorkspaceEventView } from "@/lib/contracts/notifications";
import { all, asBool, asDate, asDateOrNull, asJson, asNum, dialect, exec, one, transaction, type Step } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { defineJob, enqueueJob, PermanentJobError } from "@/lib/jobs";
import { log } from "@/lib/log";
import { pubsub } from "@/lib/pubsub";
import { PREFERENCE_COLUMNS, type SubjectRef } from "@/lib/services/notifications/events";
import { eventView, notificationView, parsedEvent } from "@/lib/services/notifications/views";

// notification.dispatch: one notification_events row (written in the attempt's transaction) is
// turned into its deliveries, in ONE transaction — the in-app notifications of the recipients
// whose preference allows (unique (event_id, account_id): a second run adds nothing), an
// email.digest job per recipient who wants mail (one per batching window), the webhook.fanout
// job, and the event marked done. Only after the commit are the live channels told: a player's
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

function* subjectName(ref: SubjectRef, workspaceId: string): Step<string | null> {
  // ref.table is one of two literals (SubjectRef), never input.
  const row = yield* one<{ name: string }>(`SELECT name FROM ${ref.table} WHERE id = $1 AND tenant_id = $2`, ref.id, workspaceId);
  return row?.name ?? null;
}

interface RecipientPrefs {
  allowed: boolean;
  byEmail: boolean;
}

/** An active account's preferences (defaults when it has no profile row); null when there is no such account. */
function* recipientPrefs(accountId: string, column: string): Step<RecipientPrefs | null> {
  const row = yield* one<{ allowed: unknown; by_email: unknown; has_profile: unknown }>(
    `SELECT p.${column} AS allowed, p.notify_by_email AS by_email, p.account_id AS has_profile
       FROM accounts a LEFT JOIN player_profiles p ON p.account_id = a.id
      WHERE a.id = $1 AND a.status = 'active'`,
    accountId,
  );
  if (!row) return null;
  // No profile row: the schema's defaults (every event type on, email off).
  if (row.has_profile === null || row.has_profile === undefined) return { allowed: true, byEmail: false };
  return { allowed: asBool(row.allowed), byEmail: asBool(row.by_email) };
}

/** The dispatch of one event, inside transaction(); null when it was already done. */
export function* dispatchEvent(eventId: string, now: Date): Step<DispatchOutcome | null> {
  const lock = dialect() === "postgresql" ? " FOR UPDATE" : "";
  const row = yield* one<Record<string, unknown>>(
    `SELECT id, tenant_id, event, payload, status, occurred_at FROM notification_events WHERE id = $1${lock}`,
    eventId,
  );
  if (!row) throw new PermanentJobError(`Notification event ${eventId} not found`);
  if (row.status === "done") return null;
  const workspaceId = row.tenant_id as string;
  const parsed = parsedEvent(row.event as string, asJson(row.payload));
  if (!parsed) throw new PermanentJobError(`Notification event ${eventId}: unknown event type or invalid payload`);
  const { type, payload } = parsed;

  const recipients = [...new Set(yield* type.recipients(payload, workspaceId))];
  const name = yield* subjectName(type.subject(payload), workspaceId);
  const text = type.render(payload, name);
  const column = PREFERENCE_COLUMNS[type.preference];
  const digest = digestWindow(now);

  const created: DispatchOutcome["created"] = [];
  for (const accountId of recipients) {
    const prefs = yield* recipientPrefs(accountId, column);
    if (!prefs?.allowed) continue;
    const id = uuidv7();
    const inserted = yield* exec(
      `INSERT INTO notifications (id, account_id, event_id, type, title, body, link, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING`,
      id,
      accountId,
      eventId,
      type.event,
      text.title,
      text.body,
      text.link,
      now,
    );
    if (!inserted) continue;
    if (prefs.byEmail) {
      yield* enqueueJob(EMAIL_DIGEST_QUEUE, { accountId }, {
        singletonKey: `${EMAIL_DIGEST_QUEUE}:${accountId}:${digest.bucket}`,
        runAt: digest.runAt,
      });
    }
    const unread = yield* one<{ n: unknown }>(
      `SELECT COUNT(*) AS n FROM notifications WHERE account_id = $1 AND read_at IS NULL`,
      accountId,
    );
    created.push({
      accountId,
      notification: notificationView({ id, type: type.event, ...text, readAt: null, createdAt: now }),
      unread: asNum(unread?.n),
    });
  }

  yield* enqueueJob(WEBHOOK_FANOUT_QUEUE, { eventId }, { singletonKey: `${WEBHOOK_FANOUT_QUEUE}:${eventId}`, workspaceId });
  yield* exec(
    `UPDATE notification_events SET status = 'done', processed_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1`,
    eventId,
    now,
  );
  const total = yield* all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM notifications WHERE event_id = $1`, eventId);
  const event = eventView(
    {
      id: eventId,
      event: type.event,
      payload,
      status: "done",
      occurredAt: asDate(row.occurred_at),
      processedAt: asDateOrNull(now),
    },
    name,
    asNum(total[0]?.n),
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
  const outcome = await transaction(() => dispatchEvent(eventId, new Date()));
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
    await transaction(function* () {
      yield* exec(
        `UPDATE notification_events SET status = 'failed', last_error = $2, attempts = attempts + 1 WHERE id = $1 AND status <> 'done'`,
        eventId,
        error.slice(0, 1000),
      );
    });
  },
});
