import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import packStyles from "@/components/packs/packs.module.css";
import { ExportLinks } from "@/components/packs/runs/export-links";
import { isActive } from "@/components/packs/runs/format";
import { RunCases } from "@/components/packs/runs/run-cases";
import { RunProgress } from "@/components/packs/runs/run-progress";
import { RunScorecard } from "@/components/packs/runs/run-scorecard";
import { workspaceForPage } from "../../../../context";
import { loadPack } from "../../../load";
import { loadPackRun } from "../load";

type Props = { params: Promise<{ workspace: string; id: string; runId: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const [pack, t] = await Promise.all([loadPack(workspace.id, id), getTranslations("consolePages.packRuns")]);
  return { title: t("runPageTitle", { pack: pack.name }) };
}

// One run: live progress (polled while it runs, with Cancel), then its scorecard, its cases and
// the exports.
export default async function PackRunPage({ params }: Props) {
  const { workspace: slug, id, runId } = await params;
  const { workspace } = await workspaceForPage(slug);
  const pack = await loadPack(workspace.id, id);
  const [run, t, tc] = await Promise.all([
    loadPackRun(workspace.id, pack.id, runId),
    getTranslations("consolePages.packRuns"),
    getTranslations("consolePages.common"),
  ]);
  const packUrl = `/console/${workspace.slug}/packs/${pack.id}`;
  return (
    <>
      <p>
        <Link href={packUrl}>← {t("backToPack", { pack: pack.name })}</Link>
      </p>
      <div className="page-header">
        <h1>{t("runPageTitle", { pack: pack.name })}</h1>
        <p className="lead">
          <code>{run.id}</code>
        </p>
      </div>
      <section className={styles.section} aria-labelledby="run-facts">
        <h2 id="run-facts" className="visually-hidden">
          {t("facts")}
        </h2>
        <dl className={packStyles.ids} data-testid="run-facts">
          <dt>{t("factVersion")}</dt>
          <dd>{run.version_number}</dd>
          <dt>{t("factInputSet")}</dt>
          <dd>{run.input_set ? <code>{run.input_set}</code> : t("allSets")}</dd>
          <dt>{t("factModels")}</dt>
          <dd>
            {run.models.map((m) => (
              <code key={m} className={packStyles.idLine}>
                {m}
              </code>
            ))}
          </dd>
          <dt>{t("factConcurrency")}</dt>
          <dd>{run.concurrency}</dd>
          <dt>{t("factCreated")}</dt>
          <dd>{tc("date", { date: new Date(run.created_at) })}</dd>
          {run.finished_at ? (
            <>
              <dt>{t("factFinished")}</dt>
              <dd>{tc("date", { date: new Date(run.finished_at) })}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="run-progress">
        <h2 id="run-progress">{t("progressTitle")}</h2>
        <RunProgress workspace={workspace.slug} initial={run} />
      </section>
      <section className={styles.section} aria-labelledby="run-scorecard">
        <h2 id="run-scorecard">{t("scorecardTitle")}</h2>
        {run.summary && !isActive(run.status) ? (
          <RunScorecard summary={run.summary} />
        ) : (
          <p>{t("scorecardPending")}</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="run-cases">
        <h2 id="run-cases">{t("casesTitle")}</h2>
        <RunCases key={run.status} workspace={workspace.slug} runId={run.id} models={run.models} />
      </section>
      <section className={styles.section} aria-labelledby="run-download">
        <h2 id="run-download">{t("downloadTitle")}</h2>
        <ExportLinks workspace={workspace.slug} runId={run.id} />
      </section>
    </>
  );
}
