import { route } from "@/lib/api/handler";
import { notificationOperations } from "@/lib/contracts/notifications";
import { sseResponse } from "@/lib/http/sse";
import { accountNotificationStream, unreadCount } from "@/lib/services/notifications";

// GET /web/api/notifications/stream — with Accept: text/event-stream, the player's inbox live
// (`unread`, `notification`, `heartbeat`); otherwise the unread count as JSON.
export const GET = route(notificationOperations.stream, async ({ req, caller }) => {
  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
    return { unread: await unreadCount(caller.account.id) };
  }
  return sseResponse(accountNotificationStream(caller.account.id, req.signal), {
    headers: { "cache-control": "no-cache, no-transform", connection: "keep-alive" },
  });
});
