import "server-only";
import { isNotificationEvent, type NotificationView, type WorkspaceEventView } from "@/lib/contracts/notifications";
import { eventTypeOf, type AnyNotificationEventType } from "@/lib/services/notifications/events";

// How notifications and events are shown (the inbox, the console, the live channels): one shape
// for the API, the pages and pub/sub.

export interface NotificationRow {
  id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}

export function notificationView(n: NotificationRow): NotificationView {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link,
    read_at: n.readAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}

/** An event's payload checked against its type's schema; null for an unknown or broken one. */
export function parsedEvent(event: string, payload: unknown): { type: AnyNotificationEventType; payload: unknown } | null {
  if (!isNotificationEvent(event)) return null;
  const type = eventTypeOf(event);
  const parsed = type.payload.safeParse(payload);
  return parsed.success ? { type, payload: parsed.data } : null;
}

export interface EventRow {
  id: string;
  event: string;
  payload: unknown;
  status: string;
  occurredAt: Date;
  processedAt: Date | null;
}

export function eventView(row: EventRow, subjectName: string | null, notifications: number): WorkspaceEventView {
  const parsed = parsedEvent(row.event, row.payload);
  return {
    id: row.id,
    event: row.event,
    summary: parsed ? parsed.type.summary(parsed.payload, subjectName) : `Unreadable ${row.event} event`,
    payload: row.payload,
    status: row.status,
    occurred_at: row.occurredAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    notifications,
  };
}
