import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import inboxStyles from "@/components/notifications/notifications.module.css";
import { WorkspaceEventsLive } from "@/components/notifications/workspace-events-live";
import { Pagination } from "@/components/play/pagination";
import { EmptyState } from "@/components/ui/empty-state";
import { listWorkspaceEvents } from "@/lib/services/notifications";
import { workspaceForPage } from "../context";

// The console's Events section: the workspace's notification events (first bloods, beaten
// records, judged pairings), newest first, with what each caused; live over SSE. Every member
// of the workspace may look (workspaceForPage: not a member → 404).

const PAGE_SIZE = 25;

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<{ page?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications.events");
  return { title: t("title") };
}

export default async function EventsPage({ params, searchParams }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const page = Math.max(1, Math.min(5000, Number.parseInt((await searchParams).page ?? "1", 10) || 1));
  const [t, list] = await Promise.all([
    getTranslations("notifications.events"),
    listWorkspaceEvents(workspace.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  ]);
  const pageCount = Math.max(1, Math.ceil(list.total / PAGE_SIZE));

  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <WorkspaceEventsLive workspaceId={workspace.id} />
      </div>
      {list.total === 0 ? (
        <EmptyState title={t("emptyTitle")} description={t("emptyDescription")} />
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="events-table">
              <thead>
                <tr>
                  <th scope="col">{t("colEvent")}</th>
                  <th scope="col">{t("colSummary")}</th>
                  <th scope="col">{t("colStatus")}</th>
                  <th scope="col">{t("colOccurred")}</th>
                  <th scope="col">{t("colNotifications")}</th>
                </tr>
              </thead>
              <tbody>
                {list.events.map((e) => (
                  <tr key={e.id} data-testid="event-row" data-event={e.event} data-status={e.status}>
                    <th scope="row">{t("eventName", { event: e.event })}</th>
                    <td>
                      {e.summary}
                      <details>
                        <summary>{t("payload")}</summary>
                        <pre className={inboxStyles.payload}>
                          <code>{JSON.stringify(e.payload, null, 2)}</code>
                        </pre>
                      </details>
                    </td>
                    <td>{t("status", { status: e.status })}</td>
                    <td>
                      <time dateTime={e.occurred_at}>{t("date", { date: new Date(e.occurred_at) })}</time>
                    </td>
                    <td>{e.notifications}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            basePath={`/console/${workspace.slug}/events`}
            page={page}
            pageCount={pageCount}
            label={t("pagination")}
          />
        </>
      )}
    </>
  );
}
