import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { defineJob, PermanentJobError } from "@/lib/jobs";
import { tryDelivery } from "@/lib/services/webhooks/deliver";
import {
  DELIVER_BACKOFF,
  DELIVER_MAX_ATTEMPTS,
  DELIVER_QUEUE,
  FANOUT_QUEUE,
  fanoutEvent,
} from "@/lib/services/webhooks/deliveries";
import { noteDeliveryFailed } from "@/lib/services/webhooks/failures";

// The webhook jobs (listed in lib/services/jobs/registry.ts).

/** An event → one delivery (and one deliver job) per subscribed endpoint, in one transaction. */
export const webhookFanoutJob = defineJob({
  queue: FANOUT_QUEUE,
  payload: z.object({ eventId: z.string() }),
  maxAttempts: 8,
  backoff: { baseMs: 1_000, maxMs: 60_000 },
  async run({ eventId }) {
    await db.$transaction((tx) => fanoutEvent(tx, eventId));
  },
});

/**
 * One try of a delivery per run. A failure throws so the worker retries with backoff; an SSRF
 * refusal (or an unreadable secret) is permanent. When the job is dead the delivery is failed
 * and counts against its endpoint (auto-disable past WEBHOOK_DISABLE_AFTER_FAILURES).
 */
export const webhookDeliverJob = defineJob({
  queue: DELIVER_QUEUE,
  payload: z.object({ deliveryId: z.string() }),
  maxAttempts: DELIVER_MAX_ATTEMPTS,
  backoff: DELIVER_BACKOFF,
  // One HTTP try is capped at 10 s; the rest is two small transactions. Short, because on
  // PostgreSQL a try whose worker died is only retried after this (+5 s) has passed.
  timeoutMs: 15_000,
  async run({ deliveryId }, ctx) {
    const outcome = await tryDelivery(deliveryId, { automatic: true, signal: ctx.signal });
    if (outcome.kind === "refused") throw new PermanentJobError(outcome.error);
    if (outcome.kind === "failed") throw new Error(outcome.error);
  },
  async onDead({ deliveryId }, error) {
    await noteDeliveryFailed(deliveryId, error);
  },
});
