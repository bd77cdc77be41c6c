import "server-only";

// Notifications: the dispatch job, the player's inbox, the console's event log and
// their live streams. The event types live in ./events (a registry over NOTIFICATION_EVENTS).
export {
  accountChannel,
  digestWindow,
  dispatchEvent,
  dispatchJob,
  dispatchNotificationEvent,
  publishOutcome,
  workspaceEventsChannel,
  DISPATCH_QUEUE,
  EMAIL_DIGEST_QUEUE,
  WEBHOOK_FANOUT_QUEUE,
  type DispatchOutcome,
} from "./dispatch";
export { listNotifications, markNotificationsRead, unreadCount } from "./inbox";
export { listWorkspaceEvents } from "./console-events";
export { accountNotificationStream, workspaceEventStream, HEARTBEAT_MS, MAX_STREAMS_PER_CALLER } from "./stream";
export { notificationEventTypes } from "./events";
