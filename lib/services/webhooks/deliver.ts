import "server-only";
import { Webhook } from "standardwebhooks";
import { decryptSecret } from "@/lib/crypto";
import {
  all,
  asBool,
  asDateOrNull,
  asJson,
  asNum,
  exec,
  json,
  one,
  query,
  transaction,
  type Step,
} from "@/lib/db/sql";
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

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  message_id: string;
  payload: unknown;
  status: string;
  url: string;
  secret_encrypted: string;
  is_active: unknown;
  disabled_at: unknown;
}

function* loadDelivery(deliveryId: string): Step<DeliveryRow | undefined> {
  return yield* one<DeliveryRow>(
    `SELECT d.id, d.endpoint_id, d.message_id, d.payload, d.status, e.url, e.secret_encrypted, e.is_active, e.disabled_at
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = $1`,
    deliveryId,
  );
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
  const row = await query(() => loadDelivery(deliveryId));
  if (!row) return { kind: "skipped", reason: "The delivery no longer exists" };
  if (row.status === "succeeded") return { kind: "skipped", reason: "Already delivered" };
  if (row.status === "failed" && opts.automatic) return { kind: "skipped", reason: "Already given up" };
  if (opts.automatic && (!asBool(row.is_active) || row.disabled_at !== null)) {
    await noteDeliveryFailed(deliveryId, "Not sent: the endpoint is turned off or disabled", {
      count: false,
    });
    return { kind: "skipped", reason: "The endpoint is turned off or disabled" };
  }

  const body = JSON.stringify(asJson(row.payload));
  const sentAt = new Date();
  let signature: string;
  try {
    signature = new Webhook(decryptSecret(row.secret_encrypted)).sign(row.message_id, sentAt, body);
  } catch {
    const error = "The signing secret cannot be read (was ENCRYPTION_KEY changed?); rotate the secret";
    const number = await beginTry(row, {}, body);
    await finishTry(row, number, { status: null, responseText: null, error, durationMs: 0, ok: false });
    return { kind: "refused", error };
  }
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Gauntlet-Webhooks/1.0",
    "webhook-id": row.message_id,
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
    const res = await outboundFetch()(row.url, { method: "POST", headers, body, redirect: "manual", signal });
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
  return transaction(function* () {
    const last = yield* one<{ n: unknown }>(
      "SELECT MAX(number) AS n FROM webhook_delivery_attempts WHERE delivery_id = $1",
      row.id,
    );
    const number = asNum(last?.n) + 1;
    yield* exec(
      `INSERT INTO webhook_delivery_attempts
         (id, delivery_id, number, request_headers, request_body, response_status, response_excerpt, error, duration_ms, created_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, NULL, NULL, $6, 0, $7)`,
      uuidv7(),
      row.id,
      number,
      json(headers),
      excerpt(body),
      UNFINISHED_TRY,
      new Date(),
    );
    yield* exec("UPDATE webhook_deliveries SET attempt = $2 WHERE id = $1", row.id, number);
    return number;
  });
}

/** The try's outcome, the delivery's state and (on success) the endpoint's failure count, in one transaction. */
async function finishTry(row: DeliveryRow, number: number, t: TryRecord): Promise<void> {
  const now = new Date();
  await transaction(function* () {
    yield* exec(
      `UPDATE webhook_delivery_attempts SET response_status = $3, response_excerpt = $4, error = $5, duration_ms = $6
        WHERE delivery_id = $1 AND number = $2`,
      row.id,
      number,
      t.status,
      t.responseText === null ? null : excerpt(t.responseText),
      t.error,
      t.durationMs,
    );
    if (t.ok) {
      yield* exec(
        `UPDATE webhook_deliveries SET status = 'succeeded', attempt = $2, response_status = $3, error = NULL,
                next_attempt_at = NULL, delivered_at = $4 WHERE id = $1`,
        row.id,
        number,
        t.status,
        now,
      );
      yield* exec(
        "UPDATE webhook_endpoints SET consecutive_failures = 0, updated_at = $2 WHERE id = $1 AND consecutive_failures <> 0",
        row.endpoint_id,
        now,
      );
    } else {
      yield* exec(
        "UPDATE webhook_deliveries SET attempt = $2, response_status = $3, error = $4 WHERE id = $1",
        row.id,
        number,
        t.status,
        t.error,
      );
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
  const rows = await query(() =>
    all<{ status: string; attempt: unknown; error: string | null; delivered_at: unknown }>(
      "SELECT status, attempt, error, delivered_at FROM webhook_deliveries WHERE id = $1",
      deliveryId,
    ),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    status: r.status,
    tries: asNum(r.attempt),
    error: r.error,
    deliveredAt: asDateOrNull(r.delivered_at),
  };
}
