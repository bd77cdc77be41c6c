import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ConfirmAction } from "@/components/console/confirm-action";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { JOB_STATUSES } from "@/lib/contracts/jobs";
import { jobsOverview, type JobView } from "@/lib/services/jobs/console";
import { canManage, workspaceForPage } from "../context";
import { retryJobAction } from "./actions";

type Props = { params: Promise<{ workspace: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.jobs");
  return { title: t("title") };
}

// Background jobs of the workspace (owners and admins): counts per queue and status, dead jobs
// with their last error and a "retry now", and jobs waiting for another try.
export default async function JobsPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc] = await Promise.all([
    getTranslations("consolePages.jobs"),
    getTranslations("consolePages.common"),
  ]);
  if (!canManage(workspace.role)) {
    return (
      <>
        <div className="page-header">
          <h1>{t("title")}</h1>
        </div>
        <Alert tone="info">{t("managersOnly")}</Alert>
      </>
    );
  }
  const overview = await jobsOverview(workspace.id);
  const queues = [...new Set(overview.counts.map((c) => c.queue))];
  const count = (queue: string, status: string) =>
    overview.counts.find((c) => c.queue === queue && c.status === status)?.count ?? 0;
  const when = (iso: string | null) => (iso ? tc("date", { date: new Date(iso) }) : tc("none"));

  const jobTable = (jobs: JobView[], testId: string, withRetry: boolean) => (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t("colQueue")}</th>
            <th scope="col">{t("colAttempts")}</th>
            <th scope="col">{withRetry ? t("colDiedAt") : t("colNextTry")}</th>
            <th scope="col">{t("colError")}</th>
            {withRetry ? <th scope="col">{t("retry")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} data-testid={`job-row-${job.id}`}>
              <th scope="row">
                <code>{job.queue}</code>
              </th>
              <td>{t("attempts", { attempts: job.attempts, max: job.max_attempts })}</td>
              <td>{withRetry ? when(job.finished_at) : when(job.run_at)}</td>
              <td>
                <code>{job.last_error ?? tc("none")}</code>
              </td>
              {withRetry ? (
                <td>
                  <ConfirmAction
                    action={retryJobAction}
                    hidden={{ workspace: workspace.slug, id: job.id }}
                    label={t("retry")}
                    question={t("retryQuestion", { queue: job.queue })}
                    confirmLabel={t("retryConfirm")}
                    variant="secondary"
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {queues.length === 0 ? (
        <EmptyState icon={<WrenchIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />
      ) : (
        <>
          <Card title={t("countsTitle")} className={styles.section}>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="jobs-counts">
                <thead>
                  <tr>
                    <th scope="col">{t("colQueue")}</th>
                    {JOB_STATUSES.map((s) => (
                      <th scope="col" key={s}>
                        {t(`status.${s}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {queues.map((q) => (
                    <tr key={q}>
                      <th scope="row">
                        <code>{q}</code>
                      </th>
                      {JOB_STATUSES.map((s) => (
                        <td key={s}>{count(q, s)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
          <Card title={t("deadTitle")} className={styles.section}>
            {overview.dead.length === 0 ? (
              <p>{t("deadEmpty")}</p>
            ) : (
              jobTable(overview.dead, "jobs-dead", true)
            )}
          </Card>
          <Card title={t("retryingTitle")} className={styles.section}>
            {overview.retrying.length === 0 ? (
              <p>{t("retryingEmpty")}</p>
            ) : (
              jobTable(overview.retrying, "jobs-retrying", false)
            )}
          </Card>
        </>
      )}
    </>
  );
}
