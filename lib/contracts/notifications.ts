import { z } from "zod";
import { operation } from "@/lib/contracts/operation";

// Notifications: the event types, their payloads, one schema each
// for everyone (the outbox rows, the webhooks and the console read the same objects), and
// the player's inbox and the console's event log on the API.

export const NOTIFICATION_EVENTS = [
  "challenge_first_blood",
  "challenge_record_beaten",
  "team_pairing_completed",
  "team_submission_requested",
  "verdict_reviewed",
] as const;
export type NotificationEventName = (typeof NOTIFICATION_EVENTS)[number];

export const isNotificationEvent = (v: string): v is NotificationEventName =>
  (NOTIFICATION_EVENTS as readonly string[]).includes(v);

/** Epoch milliseconds. */
const epochMs = z.number().int().nonnegative().describe("Epoch milliseconds");

const recordHolder = z.object({ account_id: z.string().nullable(), score: z.number().nullable() });

/** challenge_record_beaten's payload. */
export const recordBeatenPayloadSchema = z.object({
  event: z.literal("challenge_record_beaten"),
  challenge_id: z.string(),
  scoring_strategy: z.string(),
  previous_record: recordHolder,
  new_record: recordHolder,
  occurred_at: epochMs,
});

/**
 * challenge_first_blood. Its payload is Gauntlet's own: the
 * record-beaten shape's vocabulary for the one player who drew first blood.
 */
export const firstBloodPayloadSchema = z.object({
  event: z.literal("challenge_first_blood"),
  challenge_id: z.string(),
  scoring_strategy: z.string(),
  account_id: z
    .string()
    .nullable()
    .describe("The player who drew first blood (null for an anonymous player)"),
  attempt_id: z.string(),
  score: z.number().nullable(),
  occurred_at: epochMs,
});

/** team_pairing_completed's payload (Red/Blue). */
export const pairingCompletedPayloadSchema = z.object({
  event: z.literal("team_pairing_completed"),
  red_blue_challenge_id: z.string(),
  pairing_id: z.string(),
  attack_submission_id: z.string(),
  defense_submission_id: z.string(),
  categories: z.record(z.string(), z.boolean()),
  judge_rating: z.number().nullable(),
  red_points: z.number(),
  blue_points: z.number(),
  occurred_at: epochMs,
});

/**
 * team_submission_requested (Red/Blue, Gauntlet's own): a submission found nothing fresh from the
 * other side under request_new_if_none, so that side (`team`) is asked for a new submission.
 */
export const submissionRequestedPayloadSchema = z.object({
  event: z.literal("team_submission_requested"),
  red_blue_challenge_id: z.string(),
  team: z.enum(["red", "blue"]).describe("The side asked for a new submission"),
  requested_by_submission_id: z.string(),
  occurred_at: epochMs,
});

/**
 * verdict_reviewed (Gauntlet's own): a workspace member decided the review of a player's attempt
 * (flagged by the player, or contested by the judges): the verdict stands (confirmed) or changed
 * (overturned), with the member's note.
 */
export const verdictReviewedPayloadSchema = z.object({
  event: z.literal("verdict_reviewed"),
  challenge_id: z.string(),
  attempt_id: z.string(),
  account_id: z.string().nullable().describe("The player whose attempt it is (null for a guest)"),
  decision: z.enum(["confirmed", "overturned"]),
  verdict: z.enum(["win", "no_win"]),
  note: z.string(),
  occurred_at: epochMs,
});

export const notificationPayloadSchemas = {
  challenge_first_blood: firstBloodPayloadSchema,
  challenge_record_beaten: recordBeatenPayloadSchema,
  team_pairing_completed: pairingCompletedPayloadSchema,
  team_submission_requested: submissionRequestedPayloadSchema,
  verdict_reviewed: verdictReviewedPayloadSchema,
} as const satisfies Record<NotificationEventName, z.ZodType>;

export type NotificationPayloads = {
  [E in NotificationEventName]: z.infer<(typeof notificationPayloadSchemas)[E]>;
};
export type NotificationPayload = NotificationPayloads[NotificationEventName];
export type VerdictReviewedPayload = NotificationPayloads["verdict_reviewed"];

/** Any event's payload (discriminated by `event`). */
export const notificationPayloadSchema = z.discriminatedUnion("event", [
  firstBloodPayloadSchema,
  recordBeatenPayloadSchema,
  pairingCompletedPayloadSchema,
  submissionRequestedPayloadSchema,
  verdictReviewedPayloadSchema,
]);

// ---- the player's inbox ---------------------------------------------------------------------

export const notificationSchema = z.object({
  id: z.string(),
  /** The event type that caused it. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** Where it leads (a path on this site), or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

const limitSchema = z.coerce
  .number({ error: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(100, "limit is at most 100");

export const notificationListQuerySchema = z.strictObject({
  limit: limitSchema.default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  unread: z.enum(["true", "false"]).optional(),
});

export const MARK_READ_MAX_IDS = 100;

export const markReadSchema = z.union([
  z.strictObject({ ids: z.array(z.string().trim().min(1).max(64)).min(1).max(MARK_READ_MAX_IDS) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadInput = z.infer<typeof markReadSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const markReadResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

/** What the inbox stream and the `account:<id>` channel carry. */
export type AccountMessage =
  | { type: "notification"; notification: NotificationView; unread: number }
  | { type: "unread"; unread: number };

const INBOX_STREAM =
  "Server-Sent Events for the signed-in player: `unread` { unread } once on connect (and again when " +
  "notifications are marked read anywhere), `notification` { notification, unread } for each new one, " +
  "`heartbeat` { at } every 25 s. Only the caller's own notifications.";

export const notificationOperations = {
  list: operation({
    auth: "user",
    query: notificationListQuerySchema,
    doc: {
      summary: "The signed-in player's notifications, newest first, with the unread count",
      response: notificationListSchema,
    },
  }),
  markRead: operation({
    auth: "user",
    body: markReadSchema,
    doc: { summary: "Mark notifications read: { ids } or { all: true }", response: markReadResultSchema },
  }),
  stream: operation({
    auth: "user",
    doc: {
      summary: "The unread count as JSON, or live over SSE with Accept: text/event-stream",
      response: unreadCountSchema,
      sse: INBOX_STREAM,
      // Too many open streams for one caller.
      statuses: [429],
    },
  }),
};

// ---- the console's event log ----------------------------------------------------------------

export const EVENT_STATUSES = ["pending", "processing", "done", "failed"] as const;

export const workspaceEventSchema = z.object({
  id: z.string(),
  event: z.string(),
  /** One line for people: the challenge and what happened. */
  summary: z.string(),
  payload: z.unknown(),
  status: z.string(),
  occurred_at: z.string(),
  processed_at: z.string().nullable(),
  /** In-app notifications this event created. */
  notifications: z.number().int(),
});
export type WorkspaceEventView = z.infer<typeof workspaceEventSchema>;

export const workspaceEventListSchema = z.object({
  events: z.array(workspaceEventSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type WorkspaceEventList = z.infer<typeof workspaceEventListSchema>;

export const workspaceEventListQuerySchema = z.strictObject({
  limit: limitSchema.default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** What the `workspace:<id>:events` channel carries. */
export type WorkspaceEventMessage = { type: "event"; event: WorkspaceEventView };

const EVENTS_STREAM =
  "Server-Sent Events: `ready` { at } on connect, `event` (a workspace event as the list shows it) each time one is processed, " +
  "`heartbeat` { at } every 25 s.";

export const workspaceEventOperations = {
  list: operation({
    auth: "workspace",
    query: workspaceEventListQuerySchema,
    doc: { summary: "The workspace's notification events, newest first", response: workspaceEventListSchema },
  }),
  stream: operation({
    auth: "workspace",
    doc: {
      summary: "The newest events as JSON, or live over SSE with Accept: text/event-stream",
      response: workspaceEventListSchema,
      sse: EVENTS_STREAM,
      statuses: [429],
    },
  }),
};
