import { route } from "@/lib/api/handler";
import { notificationOperations } from "@/lib/contracts/notifications";
import { listNotifications } from "@/lib/services/notifications";

// GET /web/api/notifications — the signed-in player's notifications, newest first, with the unread count.
export const GET = route(notificationOperations.list, ({ caller, query }) =>
  listNotifications(caller.account.id, { limit: query.limit, offset: query.offset, unreadOnly: query.unread === "true" }),
);
