import type { Listener } from "@/lib/pubsub/types";

// What every backend shares: channel names and messages are checked the same way everywhere, so
// code that works on the in-process default also works over PostgreSQL NOTIFY and Redis.

/** Largest message, in bytes of its JSON text: PostgreSQL NOTIFY refuses payloads of 8000 bytes. */
export const MAX_MESSAGE_BYTES = 7 * 1024;
/** Longest channel name (characters). */
export const MAX_CHANNEL_LENGTH = 200;

export class PubSubMessageTooLargeError extends Error {
  constructor(channel: string, bytes: number) {
    super(
      `pub/sub message on "${channel}" is ${bytes} bytes; the limit is ${MAX_MESSAGE_BYTES} ` +
        "(PostgreSQL NOTIFY). Send an id and let subscribers read the rest from the database.",
    );
    this.name = "PubSubMessageTooLargeError";
  }
}

export function checkChannel(channel: string): void {
  if (typeof channel !== "string" || channel.length === 0 || channel.length > MAX_CHANNEL_LENGTH) {
    throw new Error(`pub/sub channel names are 1-${MAX_CHANNEL_LENGTH} characters`);
  }
}

/** The message as JSON text, refused when larger than MAX_MESSAGE_BYTES. */
export function encodeMessage(channel: string, message: unknown): string {
  checkChannel(channel);
  const text = JSON.stringify(message ?? null);
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_MESSAGE_BYTES) throw new PubSubMessageTooLargeError(channel, bytes);
  return text;
}

/** Backoff before reconnect try `n` (0-based): doubling from minMs to maxMs, with full jitter above half. */
export function backoffMs(n: number, minMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.min(n, 20));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * A received payload, parsed once and handed to every listener of its channel (a copy of the set:
 * a listener may unsubscribe while it runs); an unreadable payload or a throwing listener goes
 * to onError and stops nothing else.
 */
export function deliverMessage(
  listeners: ReadonlySet<Listener> | undefined,
  payload: string,
  onError?: (err: unknown, what: string) => void,
): void {
  if (!listeners || listeners.size === 0) return;
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch (err) {
    onError?.(err, "unreadable message");
    return;
  }
  for (const fn of [...listeners]) {
    try {
      fn(message);
    } catch (err) {
      onError?.(err, "listener failed");
    }
  }
}

/** `unsubscribe` once the subscription is live; when going live fails, undone before the error. */
export async function liveSubscription(live: Promise<unknown>, unsubscribe: () => void): Promise<() => void> {
  try {
    await live;
  } catch (err) {
    unsubscribe();
    throw err;
  }
  return unsubscribe;
}
