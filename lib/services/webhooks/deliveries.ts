import "server-only";
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryJson } from "@/lib/contracts/webhooks";
import { db, type Tx } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { enqueueJobIn } from "@/lib/jobs";
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

type DeliveryPayload = Parameters<Tx["webhookDelivery"]["create"]>[0]["data"]["payload"];

/**
 * One delivery per active, enabled endpoint of the event's workspace subscribed to its type, and
 * its deliver job, in the caller's transaction. Idempotent: (endpoint, event) is unique, so a
 * second run inserts nothing and enqueues nothing. Returns the new deliveries' ids.
 */
export async function fanoutEvent(tx: Tx, eventId: string): Promise<string[]> {
  const event = await tx.notificationEvent.findUnique({
    where: { id: eventId },
    select: { workspaceId: true, event: true, payload: true },
  });
  if (!event) return [];
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { workspaceId: event.workspaceId, isActive: true, disabledAt: null },
    select: { id: true, events: true },
  });
  const created: string[] = [];
  const now = new Date();
  for (const endpoint of endpoints) {
    if (!Array.isArray(endpoint.events) || !endpoint.events.includes(event.event)) continue;
    const id = uuidv7();
    // A native upsert (ON CONFLICT on the unique pair, writing the key onto itself): a delivery
    // that already exists keeps its id, so a concurrent or repeated run creates nothing.
    const row = await tx.webhookDelivery.upsert({
      where: { endpointId_eventId: { endpointId: endpoint.id, eventId } },
      create: {
        id,
        endpointId: endpoint.id,
        eventId,
        messageId: newMessageId(),
        eventType: event.event,
        payload: event.payload as DeliveryPayload,
        status: "pending",
        attempt: 0,
        createdAt: now,
      },
      update: { eventId },
      select: { id: true },
    });
    if (row.id !== id) continue;
    await enqueueJobIn(
      tx,
      DELIVER_QUEUE,
      { deliveryId: id },
      { workspaceId: event.workspaceId, maxAttempts: DELIVER_MAX_ATTEMPTS },
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
  await db.$transaction(async (tx) => {
    await tx.webhookDelivery.updateMany({ where: { id: deliveryId }, data: { nextAttemptAt: runAt } });
    await enqueueJobIn(tx, DELIVER_QUEUE, { deliveryId }, { workspaceId, runAt, maxAttempts: DELIVER_MAX_ATTEMPTS - 1 });
  });
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
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, workspaceId }, select: { id: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  const { id } = await db.webhookDelivery.create({
    data: {
      id: uuidv7(),
      endpointId,
      eventId: null,
      messageId: newMessageId(),
      eventType: WEBHOOK_TEST_EVENT,
      payload: testPayload(endpointId),
      status: "pending",
      attempt: 0,
      createdAt: new Date(),
    },
    select: { id: true },
  });
  await afterManualTry(id, workspaceId, await tryDelivery(id, { automatic: false }));
  return getDelivery(workspaceId, id);
}

/** Sends a finished delivery again: a new series of tries with the same message id. */
export async function resendDelivery(workspaceId: string, deliveryId: string): Promise<WebhookDeliveryJson> {
  const where = { id: deliveryId, endpoint: { workspaceId } };
  const { count } = await db.webhookDelivery.updateMany({
    where: { ...where, status: { not: "pending" } },
    data: { status: "pending", error: null, nextAttemptAt: null, deliveredAt: null },
  });
  if (!count) {
    if (!(await db.webhookDelivery.findFirst({ where, select: { id: true } }))) throw notFound("Webhook delivery");
    throw conflict("This delivery is still being tried; resend it once it has succeeded or failed");
  }
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
