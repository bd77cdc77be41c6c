import type { NotificationView } from "@/lib/contracts/notifications";
import { readSse } from "@/lib/http/sse-reader";

// The inbox stream (GET /web/api/notifications/stream) as typed events (client-safe), and the
// one connection a page keeps: the header's bell owns it and tells the rest of the page through
// a window event, so an open inbox refreshes without a second stream.

export type InboxEvent =
  | { type: "unread"; unread: number }
  | { type: "notification"; notification: NotificationView; unread: number };

/** Fired on window for each new notification (detail: the notification). */
export const NEW_NOTIFICATION_EVENT = "gauntlet:notification";

export function toInboxEvent(event: string, data: string): InboxEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const record = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  if (typeof record.unread !== "number") return null;
  if (event === "unread") return { type: "unread", unread: record.unread };
  if (event === "notification" && record.notification && typeof record.notification === "object") {
    return { type: "notification", notification: record.notification as NotificationView, unread: record.unread };
  }
  return null;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows an SSE endpoint until `signal` aborts, reconnecting with backoff (1 s doubling to 30 s)
 * when it drops; stops for good on 401/403/404 (signed out, no access).
 */
export async function followStream(
  url: string,
  init: { headers?: Record<string, string>; signal: AbortSignal },
  onMessage: (event: string, data: string) => void,
  onState?: (connected: boolean) => void,
): Promise<void> {
  let delay = 1000;
  while (!init.signal.aborted) {
    try {
      const res = await fetch(url, {
        headers: { accept: "text/event-stream", ...init.headers },
        signal: init.signal,
        cache: "no-store",
      });
      if ([401, 403, 404].includes(res.status)) return;
      if (res.ok && res.body) {
        onState?.(true);
        delay = 1000;
        for await (const m of readSse(res.body)) onMessage(m.event, m.data);
      }
    } catch {
      // Dropped (network, server restart) or aborted: the loop decides.
    }
    onState?.(false);
    if (init.signal.aborted) return;
    await wait(delay, init.signal);
    delay = Math.min(delay * 2, 30_000);
  }
}
