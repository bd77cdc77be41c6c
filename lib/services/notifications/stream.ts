import "server-only";
import type { AccountMessage, WorkspaceEventMessage } from "@/lib/contracts/notifications";
import { asyncQueue } from "@/lib/async-queue";
import type { SseEvent } from "@/lib/http/sse";
import { pubsub } from "@/lib/pubsub";
import { accountChannel, workspaceEventsChannel } from "@/lib/services/notifications/dispatch";
import { unreadCount } from "@/lib/services/notifications/inbox";

// Live streams over pub/sub (any instance's dispatch reaches a player connected to this one):
// subscribed before the first event is sent, so nothing published after the client saw the
// initial state is missed; heartbeats keep proxies from closing an idle connection; the
// subscription ends when the client goes away (the request's signal) or stops reading.

export const HEARTBEAT_MS = 25_000;

async function* channelStream(
  channel: string,
  signal: AbortSignal,
  first: () => Promise<SseEvent>,
  toEvent: (message: unknown) => SseEvent | null,
): AsyncGenerator<SseEvent> {
  const queue = asyncQueue<SseEvent>();
  const unsubscribe = await pubsub().subscribe(channel, (message) => {
    const event = toEvent(message);
    if (event) queue.push(event);
  });
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
  }
}

/** The signed-in player's inbox: `unread` on connect and on reads, `notification` for each new one. */
export function accountNotificationStream(accountId: string, signal: AbortSignal): AsyncGenerator<SseEvent> {
  return channelStream(
    accountChannel(accountId),
    signal,
    async () => ({ event: "unread", data: { unread: await unreadCount(accountId) } }),
    (message) => {
      const m = message as AccountMessage;
      if (m?.type === "notification") return { event: "notification", data: { notification: m.notification, unread: m.unread } };
      if (m?.type === "unread") return { event: "unread", data: { unread: m.unread } };
      return null;
    },
  );
}

/** A workspace's events as the dispatch processes them. */
export function workspaceEventStream(workspaceId: string, signal: AbortSignal): AsyncGenerator<SseEvent> {
  return channelStream(
    workspaceEventsChannel(workspaceId),
    signal,
    // Sent at once, so the client knows it is connected (headers alone may wait for a first chunk).
    () => Promise.resolve({ event: "ready", data: { at: Date.now() } }),
    (message) => {
      const m = message as WorkspaceEventMessage;
      return m?.type === "event" ? { event: "event", data: m.event } : null;
    },
  );
}
