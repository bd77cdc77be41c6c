import "server-only";
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryJson } from "@/lib/contracts/webhooks";
import { db } from "@/lib/db";
import { all, asJson, exec, json, one, transaction, type Step } from "@/lib/db/sql";
import { conflict, notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs";
import { tryDelivery, type TryOutcome } from "@/lib/services/webhooks/deliver";
import { noteDeliveryFailed } from "@/lib/services/webhooks/failures";

// Deliveries: the fan-out of an event to the endpoints subscribed to it, test events, resends
// and the delivery log. A delivery keeps its message id (the webhook-id header) for every try and
// every resend, so receivers dedupe on it.

export const DELIVER_QUEUE = "webhook.deliver";
export const FANOUT_QUEUE = "webhook.fanout";
/** Tries of one delivery series (the first included) before it is failed. */
export const DELIVER_MAX_ATTEMPTS = 6;
/** Delay before the second try; doubles each try (with jitter, by the worker). */
export const DELIVER_BACKOFF = { baseMs: 5_000, maxMs: 10 * 60_000 };

export const newMessageId = () => `msg_${uuidv7()}`;

/**
 * One delivery per active, enabled endpoint of the event's workspace subscribed to its type, and
 * its deliver job, in the caller's transaction. Idempotent: (endpoint, event) is unique, so a
 * second run inserts nothing and enqueues nothing. Returns the new deliveries' ids.
 */
export function* fanoutEvent(eventId: string): Step<string[]> {
  const event = yield* one<{ tenant_id: string; event: string; payload: unknown }>(
    "SELECT tenant_id, event, payload FROM notification_events WHERE id = $1",
    eventId,
  );
  if (!event) return [];
  const endpoints = yield* all<{ id: string; events: unknown }>(
    "SELECT id, events FROM webhook_endpoints WHERE tenant_id = $1 AND is_active = $2 AND disabled_at IS NULL",
    event.tenant_id,
    true,
  );
  const payload = asJson(event.payload);
  const created: string[] = [];
  const now = new Date();
  for (const endpoint of endpoints) {
    const events = asJson(endpoint.events);
    if (!Array.isArray(events) || !events.includes(event.event)) continue;
    const id = uuidv7();
    const inserted = yield* exec(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, message_id, event_type, payload, status, attempt, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, 'pending', 0, $7)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
      id,
      endpoint.id,
      eventId,
      newMessageId(),
      event.event,
      json(payload),
      now,
    );
    if (!inserted) continue;
    yield* enqueueJob(
      DELIVER_QUEUE,
      { deliveryId: id },
      { workspaceId: event.tenant_id, maxAttempts: DELIVER_MAX_ATTEMPTS },
    );
    created.push(id);
  }
  return created;
}

/**
 * What a manual try (test event, resend) leads to: success or refusal ends the series; another
 * failure hands the remaining tries to the deliver job, after the first backoff.
 */
async function afterManualTry(deliveryId: string, workspaceId: string, outcome: TryOutcome): Promise<void> {
  if (outcome.kind === "refused") {
    await noteDeliveryFailed(deliveryId, outcome.error);
    return;
  }
  if (outcome.kind !== "failed") return;
  const runAt = new Date(Date.now() + DELIVER_BACKOFF.baseMs);
  await transaction(function* () {
    yield* exec("UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE id = $1", deliveryId, runAt);
    yield* enqueueJob(
      DELIVER_QUEUE,
      { deliveryId },
      { workspaceId, runAt, maxAttempts: DELIVER_MAX_ATTEMPTS - 1 },
    );
  });
}

function* endpointOf(workspaceId: string, endpointId: string): Step<{ id: string } | undefined> {
  return yield* one(
    "SELECT id FROM webhook_endpoints WHERE id = $1 AND tenant_id = $2",
    endpointId,
    workspaceId,
  );
}

/** The body of a test event. */
export function testPayload(endpointId: string, at = Date.now()) {
  return {
    event: WEBHOOK_TEST_EVENT,
    endpoint_id: endpointId,
    message: "A test event from Gauntlet: if your receiver verified this signature, it is ready.",
    occurred_at: at,
  };
}

/** Sends a test event now (first try in this request); failures retry in the background. */
export async function sendTestEvent(workspaceId: string, endpointId: string): Promise<WebhookDeliveryJson> {
  const id = uuidv7();
  await transaction(function* () {
    if (!(yield* endpointOf(workspaceId, endpointId))) throw notFound("Webhook endpoint");
    yield* exec(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, message_id, event_type, payload, status, attempt, created_at)
       VALUES ($1, $2, NULL, $3, $4, $5::jsonb, 'pending', 0, $6)`,
      id,
      endpointId,
      newMessageId(),
      WEBHOOK_TEST_EVENT,
      json(testPayload(endpointId)),
      new Date(),
    );
  });
  await afterManualTry(id, workspaceId, await tryDelivery(id, { automatic: false }));
  return getDelivery(workspaceId, id);
}

/** Sends a finished delivery again: a new series of tries with the same message id. */
export async function resendDelivery(workspaceId: string, deliveryId: string): Promise<WebhookDeliveryJson> {
  await transaction(function* () {
    const d = yield* one<{ status: string }>(
      `SELECT d.status FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1 AND e.tenant_id = $2`,
      deliveryId,
      workspaceId,
    );
    if (!d) throw notFound("Webhook delivery");
    const restarted = yield* exec(
      "UPDATE webhook_deliveries SET status = 'pending', error = NULL, next_attempt_at = NULL, delivered_at = NULL WHERE id = $1 AND status <> 'pending'",
      deliveryId,
    );
    if (!restarted)
      throw conflict("This delivery is still being tried; resend it once it has succeeded or failed");
  });
  await afterManualTry(deliveryId, workspaceId, await tryDelivery(deliveryId, { automatic: false }));
  return getDelivery(workspaceId, deliveryId);
}

// ---- the log ----------------------------------------------------------------------------------

const deliverySelect = {
  id: true,
  endpointId: true,
  eventId: true,
  messageId: true,
  eventType: true,
  status: true,
  attempt: true,
  responseStatus: true,
  error: true,
  nextAttemptAt: true,
  deliveredAt: true,
  createdAt: true,
  tries: { orderBy: { number: "asc" as const } },
} as const;

type DeliveryRow = Awaited<ReturnType<typeof findDeliveries>>[number];
function findDeliveries(where: object, page?: { skip: number; take: number }) {
  return db.webhookDelivery.findMany({
    where,
    select: deliverySelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...page,
  });
}

const headersOf = (v: unknown): Record<string, string> =>
  v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x)]))
    : {};

function deliveryJson(d: DeliveryRow): WebhookDeliveryJson {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    message_id: d.messageId,
    event_type: d.eventType,
    status: d.status === "succeeded" || d.status === "failed" ? d.status : "pending",
    tries: d.attempt,
    response_status: d.responseStatus,
    error: d.error,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    attempts: d.tries.map((t) => ({
      number: t.number,
      request_headers: headersOf(t.requestHeaders),
      request_body: t.requestBody,
      response_status: t.responseStatus,
      response_excerpt: t.responseExcerpt,
      error: t.error,
      duration_ms: t.durationMs,
      created_at: t.createdAt.toISOString(),
    })),
  };
}

export async function getDelivery(workspaceId: string, deliveryId: string): Promise<WebhookDeliveryJson> {
  const [row] = await findDeliveries({ id: deliveryId, endpoint: { workspaceId } });
  if (!row) throw notFound("Webhook delivery");
  return deliveryJson(row);
}

export async function listDeliveries(
  workspaceId: string,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<{ data: WebhookDeliveryJson[]; total: number; limit: number; offset: number }> {
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { id: endpointId, workspaceId },
    select: { id: true },
  });
  if (!endpoint) throw notFound("Webhook endpoint");
  const where = { endpointId };
  const [rows, total] = await Promise.all([
    findDeliveries(where, { skip: page.offset, take: page.limit }),
    db.webhookDelivery.count({ where }),
  ]);
  return { data: rows.map(deliveryJson), total, limit: page.limit, offset: page.offset };
}
