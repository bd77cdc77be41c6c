import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { AttemptResult } from "@/components/console/attempt-result";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { TargetIcon } from "@/components/ui/icons";
import { getDashboard } from "@/lib/services/console-dashboard";
import { getWorkspaceDetails } from "@/lib/services/workspaces";
import { workspaceForPage } from "./context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await workspaceForPage((await params).workspace);
  const t = await getTranslations("consolePages.nav");
  return { title: `${t("dashboard")} · ${workspace.name}` };
}

export default async function DashboardPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc, tRole, tm, format, data, details] = await Promise.all([
    getTranslations("consolePages.dashboard"),
    getTranslations("consolePages.common"),
    getTranslations("console"),
    getTranslations("moderation.console"),
    getFormatter(),
    getDashboard(workspace.id),
    getWorkspaceDetails(workspace.id),
  ]);
  const base = `/console/${workspace.slug}`;

  const header = (
    <div className="page-header">
      <div className={styles.headerRow}>
        <div className={styles.heading}>
          <h1>{workspace.name}</h1>
          <Badge>{tRole("role", { role: workspace.role })}</Badge>
        </div>
        {data.totals.challenges > 0 ? (
          <ButtonLink href={`${base}/challenges/new`}>{t("newChallenge")}</ButtonLink>
        ) : null}
      </div>
      <p className="lead">{t("lead")}</p>
      {details.listingApproval === "approved" ? null : (
        <Alert tone="info" data-testid="listing-pending">
          {tm("pending")}
        </Alert>
      )}
    </div>
  );

  if (data.totals.challenges === 0) {
    return (
      <>
        {header}
        <EmptyState
          data-testid="console-empty-state"
          icon={<TargetIcon />}
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={<ButtonLink href={`${base}/challenges/new`}>{t("newChallenge")}</ButtonLink>}
        />
      </>
    );
  }

  return (
    <>
      {header}
      <dl className={styles.stats} aria-label={t("totals")}>
        {(
          [
            ["totalChallenges", data.totals.challenges],
            ["totalActive", data.totals.activeChallenges],
            ["totalAttempts", data.totals.attempts],
            ["totalSolves", data.totals.solves],
            ["totalPlayers", data.totals.players],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className={styles.stat}>
            <dt>{t(key)}</dt>
            <dd>{format.number(value)}</dd>
          </div>
        ))}
      </dl>

      <section className={styles.section} aria-labelledby="dash-challenges">
        <h2 id="dash-challenges">{t("challengesTitle")}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="dashboard-challenges">
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colStatus")}</th>
                <th scope="col" className={styles.num}>
                  {t("colAttempts")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("colSolves")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("colSolvers")}
                </th>
                <th scope="col">{t("colActions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.challenges.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link href={`${base}/challenges/${c.id}`}>{c.name}</Link>
                  </th>
                  <td>
                    {c.isActive ? t("active") : t("inactive")}
                    {c.hasWorkflow ? null : <span className="muted"> · {t("noWorkflow")}</span>}
                  </td>
                  <td className={styles.num}>{format.number(c.attempts)}</td>
                  <td className={styles.num}>{format.number(c.solves)}</td>
                  <td className={styles.num}>{format.number(c.solvers)}</td>
                  <td>
                    <Link href={`${base}/challenges/${c.id}/attempts`}>{t("viewAttempts")}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.challenges.length < data.totals.challenges ? (
          <p className="muted">
            {t("more", { shown: data.challenges.length, total: data.totals.challenges })}
          </p>
        ) : null}
      </section>

      <section className={styles.section} aria-labelledby="dash-recent">
        <h2 id="dash-recent">{t("recentTitle")}</h2>
        {data.recent.length === 0 ? (
          <p className="muted">{t("recentEmpty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t("colWhen")}</th>
                  <th scope="col">{t("colName")}</th>
                  <th scope="col">{t("colPlayer")}</th>
                  <th scope="col">{t("colResult")}</th>
                  <th scope="col" className={styles.num}>
                    {t("colScore")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.recent.map((a) => (
                  <tr key={a.id}>
                    <td>{tc("date", { date: a.createdAt })}</td>
                    <td>
                      <Link href={`${base}/challenges/${a.challengeId}/attempts`}>{a.challengeName}</Link>
                    </td>
                    <td>{a.player}</td>
                    <td>
                      <AttemptResult status={a.status} succeeded={a.succeeded} />
                    </td>
                    <td className={styles.num}>{a.score === null ? tc("none") : format.number(a.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
