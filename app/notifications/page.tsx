import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { NEW_NOTIFICATION_EVENT } from "@/components/notifications/inbox-stream";
import { MarkReadForm } from "@/components/notifications/mark-read-form";
import styles from "@/components/notifications/notifications.module.css";
import { RefreshOnEvent } from "@/components/notifications/refresh-on-event";
import { Pagination } from "@/components/play/pagination";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getViewer } from "@/lib/auth/viewer";
import { listNotifications } from "@/lib/services/notifications";
import { markReadAction } from "./actions";

// The player's inbox: their notifications newest first, unread ones marked, "mark read" per item
// and for all. New ones appear as they arrive (the header bell's stream refreshes the page).

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications.inbox");
  return { title: t("title") };
}

type Props = { searchParams: Promise<{ page?: string }> };

export default async function NotificationsPage({ searchParams }: Props) {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/notifications");
  const page = Math.max(1, Math.min(5000, Number.parseInt((await searchParams).page ?? "1", 10) || 1));
  const [t, inbox] = await Promise.all([
    getTranslations("notifications.inbox"),
    listNotifications(viewer.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  ]);
  const pageCount = Math.max(1, Math.ceil(inbox.total / PAGE_SIZE));

  return (
    <>
      <RefreshOnEvent eventName={NEW_NOTIFICATION_EVENT} />
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p>
          <Link href="/settings">{t("settingsLink")}</Link>
        </p>
      </div>
      {inbox.total === 0 ? (
        <EmptyState
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={<ButtonLink href="/challenges">{t("browseChallenges")}</ButtonLink>}
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <p data-testid="inbox-unread">{t("summary", { unread: inbox.unread })}</p>
            {inbox.unread > 0 ? <MarkReadForm action={markReadAction}>{t("markAllRead")}</MarkReadForm> : null}
          </div>
          <ul className={styles.list} data-testid="notification-list">
            {inbox.notifications.map((n) => {
              const unread = n.read_at === null;
              return (
                <li
                  key={n.id}
                  className={[styles.item, unread ? styles.unreadItem : ""].join(" ")}
                  data-testid="notification-item"
                  data-unread={unread}
                >
                  <div>
                    <h2 className={styles.itemTitle}>
                      {unread ? (
                        <>
                          <Badge>{t("unread")}</Badge>{" "}
                        </>
                      ) : null}
                      {n.link ? <Link href={n.link}>{n.title}</Link> : n.title}
                    </h2>
                    <p className={styles.itemBody}>{n.body}</p>
                    <p className={styles.meta}>
                      <time dateTime={n.created_at}>{t("received", { date: new Date(n.created_at) })}</time>
                    </p>
                  </div>
                  <div className={styles.actions}>
                    {unread ? (
                      <MarkReadForm action={markReadAction} id={n.id} context={n.title}>
                        {t("markRead")}
                      </MarkReadForm>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          <Pagination basePath="/notifications" page={page} pageCount={pageCount} label={t("pagination")} />
        </>
      )}
    </>
  );
}
