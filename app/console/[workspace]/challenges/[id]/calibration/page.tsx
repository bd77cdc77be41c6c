import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { BackHeader } from "@/components/console/back-header";
import { ActionButton, ExampleForm, SettingsForm } from "@/components/console/calibration/calibration-forms";
import { CalibrationProgress } from "@/components/console/calibration/calibration-progress";
import { CalibrationHistory } from "@/components/console/calibration/calibration-history";
import { CalibrationReportView } from "@/components/console/calibration/calibration-report";
import { ConfirmAction } from "@/components/console/confirm-action";
import { DataTable } from "@/components/console/data-table";
import styles from "@/components/console/console.module.css";
import type { CalibrationExampleView, CalibrationRunView } from "@/lib/contracts/calibration";
import { compareReports } from "@/lib/evaluation/calibration/report";
import type { CalibrationReport } from "@/lib/evaluation/calibration/types";
import { listCalibrationExamples } from "@/lib/services/calibration/examples";
import { listCalibrationRuns } from "@/lib/services/calibration/runs";
import { draftGate } from "@/lib/services/calibration/gate";
import { getCalibrationSettings } from "@/lib/services/calibration/settings";
import { listWorkspaceAudit } from "@/lib/services/workspace-audit";
import { workspaceForPage } from "../../../context";
import { nameAsTitle, type DetailProps } from "../../../detail";
import { challengeForPage } from "../load";
import {
  addExampleAction,
  addGeneratedAction,
  calibrateAction,
  deleteExampleAction,
  saveSettingsAction,
} from "./actions";

export const generateMetadata = nameAsTitle(challengeForPage, async (name) =>
  (await getTranslations("consolePages.calibration"))("metaTitle", { name }),
);

const reportOf = (run: CalibrationRunView | undefined) =>
  run?.status === "done" && run.report ? (run.report as unknown as CalibrationReport) : null;

export default async function CalibrationPage({ params }: DetailProps) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const challenge = await challengeForPage(workspace.id, id);
  const [t, format, examples, settings, runs, gate, overrides] = await Promise.all([
    getTranslations("consolePages.calibration"),
    getFormatter(),
    listCalibrationExamples(workspace.id, challenge.id),
    getCalibrationSettings(workspace.id, challenge.id),
    listCalibrationRuns(workspace.id, challenge.id, { limit: 10, offset: 0 }),
    draftGate(workspace.id, challenge.id),
    listWorkspaceAudit(workspace.id, { targetId: challenge.id, limit: 10, offset: 0 }),
  ]);
  const graphOf = (r: CalibrationRunView) =>
    r.version === null ? t("graphDraft") : t("graphVersion", { version: r.version });
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const base = `/console/${workspace.slug}/challenges/${challenge.id}`;
  const target = { workspace: workspace.slug, challengeId: challenge.id };
  const [latest, ...earlier] = runs.data;
  const report = reportOf(latest);
  // The newest finished run of another graph, to compare the latest report with.
  const previous = earlier.find((r) => r.graph_hash !== latest?.graph_hash && reportOf(r));
  const previousReport = reportOf(previous);
  const comparison =
    report && previous && previousReport
      ? { graph: graphOf(previous), diff: compareReports(previousReport, report) }
      : undefined;

  return (
    <>
      <BackHeader
        backHref={base}
        backLabel={challenge.name}
        title={t("title")}
        lead={
          <>
            {t("lead")} <Link href="/docs/calibration">{t("howToRead")}</Link>
          </>
        }
      />

      <section className={styles.section} aria-labelledby="calibrate-heading">
        <h2 id="calibrate-heading">{t("calibrateHeading")}</h2>
        <p className="muted">{t("calibrateLead", { samples: settings.samples })}</p>
        <ActionButton action={calibrateAction} {...target} label={t("calibrate")} testId="calibrate-form" />
        {latest ? (
          <CalibrationProgress key={latest.id} workspace={workspace.slug} initial={latest} />
        ) : (
          <p>{t("noRuns")}</p>
        )}
        {report && latest ? (
          <CalibrationReportView report={report} graph={graphOf(latest)} comparison={comparison} />
        ) : null}
        <CalibrationHistory
          testId="calibration-history"
          runs={earlier.map((r) => ({
            id: r.id,
            line: t("historyRow", {
              graph: graphOf(r),
              status: t(`status.${r.status}`),
              date: when(r.created_at),
            }),
            report: reportOf(r),
          }))}
        />
      </section>

      <section className={styles.section} aria-labelledby="gate-heading" data-testid="publish-gate-status">
        <h2 id="gate-heading">{t("gateHeading")}</h2>
        <p>
          {!gate || gate.held_for === null
            ? t("gateNotHeld")
            : gate.passed
              ? t("gateDraftPasses")
              : t("gateDraftFails", { failures: gate.failures.join("; ") })}
        </p>
        <h3>{t("overridesHeading")}</h3>
        {overrides.data.length === 0 ? (
          <p className="muted">{t("overridesEmpty")}</p>
        ) : (
          <ul data-testid="publish-overrides">
            {overrides.data.map((o) => {
              const d = (o.details ?? {}) as { version?: number; failures?: string[] };
              return (
                <li key={o.id}>
                  {t("overrideRow", {
                    date: when(o.created_at),
                    actor: o.actor.email ?? t("someone"),
                    version: d.version ?? 0,
                    reason: o.reason ?? "",
                    failures: (d.failures ?? []).join("; "),
                  })}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="examples-heading">
        <h2 id="examples-heading">{t("examplesHeading", { count: examples.length })}</h2>
        <p className="muted">{t("examplesLead")}</p>
        <ActionButton
          action={addGeneratedAction}
          {...target}
          label={t("addGenerated")}
          testId="add-generated-form"
        />
        {examples.length === 0 ? (
          <p>{t("examplesEmpty")}</p>
        ) : (
          <DataTable
            testId="calibration-examples"
            rows={examples}
            rowKey={(e) => e.id}
            columns={[
              { label: t("colLabel"), cell: (e: CalibrationExampleView) => t(`labels.${e.label}`) },
              { label: t("colSource"), cell: (e) => t(`sources.${e.source}`) },
              {
                label: t("colAnswer"),
                cell: (e) =>
                  e.text === null ? (
                    <span className="muted">
                      {t("generatedText", { description: e.description ?? e.kind ?? "" })}
                    </span>
                  ) : (
                    <span title={e.text.slice(0, 500)}>
                      {e.text.length > 200 ? `${e.text.slice(0, 200)}…` : e.text}
                    </span>
                  ),
              },
              {
                label: "",
                cell: (e) => (
                  <ConfirmAction
                    action={deleteExampleAction}
                    hidden={{ workspace: workspace.slug, challenge_id: challenge.id, example_id: e.id }}
                    label={t("delete")}
                    question={t("deleteQuestion")}
                    confirmLabel={t("deleteConfirm")}
                  />
                ),
              },
            ]}
          />
        )}
        <h3>{t("addHeading")}</h3>
        <ExampleForm action={addExampleAction} {...target} />
      </section>

      <section className={styles.section} aria-labelledby="calibration-settings-heading">
        <h2 id="calibration-settings-heading">{t("settingsHeading")}</h2>
        <SettingsForm action={saveSettingsAction} workspace={workspace.slug} settings={settings} />
      </section>
    </>
  );
}
