import "server-only";
import type { AccountMessage, MarkReadInput, NotificationList } from "@/lib/contracts/notifications";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { pubsub } from "@/lib/pubsub";
import { accountChannel } from "@/lib/services/notifications/dispatch";
import { notificationView } from "@/lib/services/notifications/views";

// A player's inbox: their own notifications only (every query is keyed by the account).

export async function unreadCount(accountId: string): Promise<number> {
  return db.notification.count({ where: { accountId, readAt: null } });
}

export async function listNotifications(
  accountId: string,
  opts: { limit: number; offset: number; unreadOnly?: boolean },
): Promise<NotificationList> {
  const where = { accountId, ...(opts.unreadOnly ? { readAt: null } : {}) };
  const [rows, total, unread] = await Promise.all([
    db.notification.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: opts.limit,
      skip: opts.offset,
      select: { id: true, type: true, title: true, body: true, link: true, readAt: true, createdAt: true },
    }),
    db.notification.count({ where }),
    unreadCount(accountId),
  ]);
  return { notifications: rows.map(notificationView), unread, total, limit: opts.limit, offset: opts.offset };
}

/**
 * Marks the account's notifications read (the given ids, or all); ids of other accounts' or
 * unknown notifications are ignored. Every open inbox of the player hears the new count.
 */
export async function markNotificationsRead(
  accountId: string,
  input: MarkReadInput,
): Promise<{ marked: number; unread: number }> {
  const now = new Date();
  const ids = "ids" in input ? [...new Set(input.ids)] : null;
  const { count } = await db.notification.updateMany({
    where: { accountId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: now },
  });
  const unread = await unreadCount(accountId);
  if (count > 0) {
    const message: AccountMessage = { type: "unread", unread };
    await pubsub()
      .publish(accountChannel(accountId), message)
      .catch((err: unknown) => log.warn("notification publish failed", { error: err instanceof Error ? err.message : String(err) }));
  }
  return { marked: count, unread };
}
