import "server-only";
import { Webhook } from "standardwebhooks";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { OutboundRefusedError, outboundFetch } from "@/lib/http/outbound";
import { uuidv7 } from "@/lib/ids";
import { noteDeliveryFailed } from "@/lib/services/webhooks/failures";

// One HTTP try of a webhook delivery: sign (Standard Webhooks), POST through the outbound guard
// (lib/http/outbound.ts: loopback, private, link-local and metadata targets refused unless
// OUTBOUND_ALLOW lists them, checked at connect), with a time limit, a capped response read and
// no redirects; then one webhook_delivery_attempts row and the delivery's new state, together.

/** Longest a receiver may take to answer one try. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Most of a response body read; the rest is not waited for. */
export const RESPONSE_READ_BYTES = 64 * 1024;
/** Most of a response (and of the request body) kept in the log. */
export const EXCERPT_CHARS = 2048;

export type TryOutcome =
  /** The receiver answered 2xx. */
  | { kind: "succeeded"; status: number }
  /** Another answer, a network error or a timeout: worth trying again. */
  | { kind: "failed"; error: string }
  /** Refused before any connection (SSRF guard) or impossible to sign: trying again cannot help. */
  | { kind: "refused"; error: string }
  /** Nothing to do: the delivery is gone, already succeeded, or (automatic tries) its endpoint is off. */
  | { kind: "skipped"; reason: string };

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

function loadDelivery(deliveryId: string) {
  return db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: {
      id: true,
      endpointId: true,
      messageId: true,
      payload: true,
      status: true,
      endpoint: { select: { url: true, secretEncrypted: true, isActive: true, disabledAt: true } },
    },
  });
}

const excerpt = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text);

/** Reads at most RESPONSE_READ_BYTES of a body, then lets the rest go. */
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_READ_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_READ_BYTES).toString("utf8");
}

function describeError(err: unknown, timedOut: boolean): string {
  if (timedOut) return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s (timed out)`;
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause : null;
  const code = cause && "code" in cause ? ` (${String((cause as { code: unknown }).code)})` : "";
  return `${cause?.message || err.message}${code}`.slice(0, 500);
}

/**
 * Makes one try of a delivery. `automatic` tries (the retry job) skip an endpoint that was turned
 * off or disabled meanwhile; manual ones (test event, resend) go regardless.
 */
export async function tryDelivery(
  deliveryId: string,
  opts: { automatic: boolean; signal?: AbortSignal },
): Promise<TryOutcome> {
  const row = await loadDelivery(deliveryId);
  if (!row) return { kind: "skipped", reason: "The delivery no longer exists" };
  if (row.status === "succeeded") return { kind: "skipped", reason: "Already delivered" };
  if (row.status === "failed" && opts.automatic) return { kind: "skipped", reason: "Already given up" };
  const { endpoint } = row;
  if (opts.automatic && (!endpoint.isActive || endpoint.disabledAt !== null)) {
    await noteDeliveryFailed(deliveryId, "Not sent: the endpoint is turned off or disabled", {
      count: false,
    });
    return { kind: "skipped", reason: "The endpoint is turned off or disabled" };
  }

  const body = JSON.stringify(row.payload);
  const sentAt = new Date();
  let signature: string;
  try {
    signature = new Webhook(decryptSecret(endpoint.secretEncrypted)).sign(row.messageId, sentAt, body);
  } catch {
    const error = "The signing secret cannot be read (was ENCRYPTION_KEY changed?); rotate the secret";
    const number = await beginTry(row, {}, body);
    await finishTry(row, number, { status: null, responseText: null, error, durationMs: 0, ok: false });
    return { kind: "refused", error };
  }
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Gauntlet-Webhooks/1.0",
    "webhook-id": row.messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signature,
  };

  // The try is in the log before the request leaves: a worker that dies while waiting for the
  // answer leaves it there as unfinished (the receiver may have got it), and the next try is
  // numbered after it.
  const number = await beginTry(row, headers, body);
  const timeout = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const started = performance.now();
  let status: number | null = null;
  let responseText: string | null = null;
  let error: string | null = null;
  let refused = false;
  try {
    const res = await outboundFetch()(endpoint.url, { method: "POST", headers, body, redirect: "manual", signal });
    status = res.status;
    responseText = await readCapped(res);
    if (status >= 300 && status < 400) error = `HTTP ${status}: redirects are not followed`;
    else if (status < 200 || status >= 300) error = `HTTP ${status} from the endpoint`;
  } catch (err) {
    if (err instanceof OutboundRefusedError) {
      refused = true;
      error = err.message;
    } else {
      error = describeError(err, timeout.aborted);
    }
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = error === null && status !== null;
  await finishTry(row, number, { status, responseText, error, durationMs, ok });
  if (ok) return { kind: "succeeded", status: status! };
  return refused ? { kind: "refused", error: error! } : { kind: "failed", error: error! };
}

/** What a try that never finished says in the log (its worker stopped before the answer was recorded). */
export const UNFINISHED_TRY =
  "No outcome recorded: the worker stopped during this try (the receiver may have got the request)";

interface TryRecord {
  status: number | null;
  responseText: string | null;
  error: string | null;
  durationMs: number;
  ok: boolean;
}

/** Logs a try about to be sent (as unfinished until finishTry) and counts it on the delivery; its number. */
async function beginTry(row: DeliveryRow, headers: Record<string, string>, body: string): Promise<number> {
  return db.$transaction(async (tx) => {
    // The count goes up first, atomically: two tries at once get two numbers.
    const { attempt: number } = await tx.webhookDelivery.update({
      where: { id: row.id },
      data: { attempt: { increment: 1 } },
      select: { attempt: true },
    });
    await tx.webhookDeliveryAttempt.create({
      data: {
        id: uuidv7(),
        deliveryId: row.id,
        number,
        requestHeaders: headers,
        requestBody: excerpt(body),
        error: UNFINISHED_TRY,
        durationMs: 0,
        createdAt: new Date(),
      },
    });
    return number;
  });
}

/** The try's outcome, the delivery's state and (on success) the endpoint's failure count, in one transaction. */
async function finishTry(row: DeliveryRow, number: number, t: TryRecord): Promise<void> {
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.webhookDeliveryAttempt.updateMany({
      where: { deliveryId: row.id, number },
      data: {
        responseStatus: t.status,
        responseExcerpt: t.responseText === null ? null : excerpt(t.responseText),
        error: t.error,
        durationMs: t.durationMs,
      },
    });
    if (t.ok) {
      await tx.webhookDelivery.updateMany({
        where: { id: row.id },
        data: { status: "succeeded", attempt: number, responseStatus: t.status, error: null, nextAttemptAt: null, deliveredAt: now },
      });
      await tx.webhookEndpoint.updateMany({
        where: { id: row.endpointId, consecutiveFailures: { not: 0 } },
        data: { consecutiveFailures: 0, updatedAt: now },
      });
    } else {
      await tx.webhookDelivery.updateMany({
        where: { id: row.id },
        data: { attempt: number, responseStatus: t.status, error: t.error },
      });
    }
  });
}

export interface DeliveryState {
  status: string;
  tries: number;
  error: string | null;
  deliveredAt: Date | null;
}

/** The delivery's state after tries (tests and callers that just made one). */
export async function deliveryState(deliveryId: string): Promise<DeliveryState | null> {
  const r = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { status: true, attempt: true, error: true, deliveredAt: true },
  });
  if (!r) return null;
  return { status: r.status, tries: r.attempt, error: r.error, deliveredAt: r.deliveredAt };
}
