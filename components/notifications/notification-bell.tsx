"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { BellIcon } from "@/components/ui/icons";
import { followStream, NEW_NOTIFICATION_EVENT, toInboxEvent } from "./inbox-stream";
import styles from "./notifications.module.css";

/**
 * The header's bell: the signed-in player's unread count, kept live over the inbox stream, and a
 * link to the inbox. Screen readers hear the count change (a polite live region).
 */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const t = useTranslations("notifications.bell");
  const [unread, setUnread] = useState(initialUnread);
  // A newer server render (after marking read, say) brings a newer count.
  const [rendered, setRendered] = useState(initialUnread);
  if (rendered !== initialUnread) {
    setRendered(initialUnread);
    setUnread(initialUnread);
  }

  useEffect(() => {
    const controller = new AbortController();
    void followStream("/web/api/notifications/stream", { signal: controller.signal }, (event, data) => {
      const e = toInboxEvent(event, data);
      if (!e) return;
      setUnread(e.unread);
      if (e.type === "notification") {
        window.dispatchEvent(new CustomEvent(NEW_NOTIFICATION_EVENT, { detail: e.notification }));
      }
    });
    return () => controller.abort();
  }, []);

  return (
    <>
      <Link
        href="/notifications"
        className={styles.bell}
        aria-label={t("label", { count: unread })}
        data-testid="notification-bell"
        data-unread={unread}
      >
        <BellIcon size={20} />
        {unread > 0 ? (
          <span className={styles.count} aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? t("overflow") : unread}
          </span>
        ) : null}
      </Link>
      <span role="status" aria-live="polite" className="visually-hidden">
        {t("live", { count: unread })}
      </span>
    </>
  );
}
