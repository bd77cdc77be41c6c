import { route } from "@/lib/api/handler";
import { notificationOperations } from "@/lib/contracts/notifications";
import { markNotificationsRead } from "@/lib/services/notifications";

// POST /web/api/notifications/read — { ids } or { all: true }; only the caller's own are touched.
export const POST = route(notificationOperations.markRead, ({ caller, body }) =>
  markNotificationsRead(caller.account.id, body),
);
