import "server-only";
import type { AccountMessage, WorkspaceEventMessage } from "@/lib/contracts/notifications";
import { asyncQueue } from "@/lib/async-queue";
import { rateLimited } from "@/lib/errors";
import type { SseEvent } from "@/lib/http/sse";
import { pubsub } from "@/lib/pubsub";
import { accountChannel, workspaceEventsChannel } from "@/lib/services/notifications/dispatch";
import { unreadCount } from "@/lib/services/notifications/inbox";

// Live streams over pub/sub (any instance's dispatch reaches a player connected to this one):
// subscribed before the first event is sent, so nothing published after the client saw the
// initial state is missed; heartbeats keep proxies from closing an idle connection; the
// subscription ends when the client goes away (the request's signal) or stops reading.

export const HEARTBEAT_MS = 25_000;

/** Open streams one caller (an account, or an API token) may hold on this instance. */
export const MAX_STREAMS_PER_CALLER = 8;
const openStreams = new Map<string, number>();

/**
 * Takes a stream slot for `key` (refused with 429 past the cap); the returned function gives it
 * back once: when the stream ends, or when the client goes away before it started.
 */
function takeSlot(key: string, signal: AbortSignal): () => void {
  const open = openStreams.get(key) ?? 0;
  if (open >= MAX_STREAMS_PER_CALLER) throw rateLimited(5, "Too many open streams; close another tab or connection first");
  openStreams.set(key, open + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    signal.removeEventListener("abort", release);
    const left = (openStreams.get(key) ?? 1) - 1;
    if (left > 0) openStreams.set(key, left);
    else openStreams.delete(key);
  };
  signal.addEventListener("abort", release, { once: true });
  return release;
}

async function* channelStream(
  channel: string,
  signal: AbortSignal,
  release: () => void,
  first: () => Promise<SseEvent>,
  toEvent: (message: unknown) => SseEvent | null,
): AsyncGenerator<SseEvent> {
  const queue = asyncQueue<SseEvent>();
  let unsubscribe: () => void;
  try {
    unsubscribe = await pubsub().subscribe(channel, (message) => {
      const event = toEvent(message);
      if (event) queue.push(event);
    });
  } catch (err) {
    release();
    throw err;
  }
  const heartbeat = setInterval(() => queue.push({ event: "heartbeat", data: { at: Date.now() } }), HEARTBEAT_MS);
  const stop = () => queue.end();
  signal.addEventListener("abort", stop, { once: true });
  try {
    if (signal.aborted) return;
    yield await first();
    yield* queue.items;
  } finally {
    clearInterval(heartbeat);
    signal.removeEventListener("abort", stop);
    unsubscribe();
    release();
  }
}

/**
 * The signed-in player's inbox: `unread` on connect and on reads, `notification` for each new
 * one. Throws 429 (before anything is sent) past MAX_STREAMS_PER_CALLER open streams.
 */
export function accountNotificationStream(accountId: string, signal: AbortSignal): AsyncGenerator<SseEvent> {
  return channelStream(
    accountChannel(accountId),
    signal,
    takeSlot(`account:${accountId}`, signal),
    async () => ({ event: "unread", data: { unread: await unreadCount(accountId) } }),
    (message) => {
      const m = message as AccountMessage;
      if (m?.type === "notification") return { event: "notification", data: { notification: m.notification, unread: m.unread } };
      if (m?.type === "unread") return { event: "unread", data: { unread: m.unread } };
      return null;
    },
  );
}

/**
 * A workspace's events as the dispatch processes them. `callerKey` names who is watching (an
 * account or an API token) for the open-stream cap (429 past it).
 */
export function workspaceEventStream(workspaceId: string, callerKey: string, signal: AbortSignal): AsyncGenerator<SseEvent> {
  return channelStream(
    workspaceEventsChannel(workspaceId),
    signal,
    takeSlot(callerKey, signal),
    // Sent at once, so the client knows it is connected (headers alone may wait for a first chunk).
    () => Promise.resolve({ event: "ready", data: { at: Date.now() } }),
    (message) => {
      const m = message as WorkspaceEventMessage;
      return m?.type === "event" ? { event: "event", data: m.event } : null;
    },
  );
}
