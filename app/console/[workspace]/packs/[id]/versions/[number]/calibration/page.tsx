import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { BackHeader } from "@/components/console/back-header";
import { CalibrationHistory } from "@/components/console/calibration/calibration-history";
import { CalibrationReportView } from "@/components/console/calibration/calibration-report";
import { ConfirmAction } from "@/components/console/confirm-action";
import { DataTable } from "@/components/console/data-table";
import styles from "@/components/console/console.module.css";
import { CalibratePackButton, PackOutputForm } from "@/components/packs/calibration/pack-calibration-forms";
import { PackCalibrationProgress } from "@/components/packs/calibration/pack-calibration-progress";
import {
  DEFAULT_PACK_CALIBRATION_SAMPLES,
  type PackCalibrationOutputView,
  type PackCalibrationRunView,
} from "@/lib/contracts/pack-calibration";
import type { CalibrationReport } from "@/lib/evaluation/calibration/types";
import { calibrationCases, judgeKeys } from "@/lib/packs/run/calibration";
import { specOf } from "@/lib/packs/run/plan";
import type { Bundle } from "@/lib/packs/types";
import { listPackCalibrationOutputs, listPackCalibrations } from "@/lib/services/packs/calibration";
import { loadVersionPage, type VersionPageProps } from "../../../../load";
import { addPackOutputAction, calibratePackAction, deletePackOutputAction } from "./actions";

export async function generateMetadata(props: VersionPageProps): Promise<Metadata> {
  const { pack, version } = await loadVersionPage(props);
  const t = await getTranslations("consolePages.calibration");
  return { title: t("packTitle", { pack: pack.name, number: version.number }) };
}

const reportOf = (run: PackCalibrationRunView | undefined) =>
  run?.status === "done" && run.report ? (run.report as unknown as CalibrationReport) : null;

export default async function PackCalibrationPage(props: VersionPageProps) {
  const { workspace, pack, version } = await loadVersionPage(props);
  const [t, format, outputs, runs] = await Promise.all([
    getTranslations("consolePages.calibration"),
    getFormatter(),
    listPackCalibrationOutputs(workspace.id, pack.id, version.number),
    listPackCalibrations(workspace.id, pack.id, version.number, { limit: 10, offset: 0 }),
  ]);
  const bundle = version.manifest as unknown as Bundle;
  const cases = calibrationCases(bundle).map((c) => `${c.inputSet}/${c.caseKey}`);
  const judges = judgeKeys(specOf(bundle));
  const target = { workspace: workspace.slug, packId: pack.id, number: version.number };
  const [latest, ...earlier] = runs.data;
  const report = reportOf(latest);

  return (
    <>
      <BackHeader
        backHref={`/console/${workspace.slug}/packs/${pack.id}/versions/${version.number}`}
        backLabel={pack.name}
        title={t("packTitle", { pack: pack.name, number: version.number })}
        lead={t("packLead")}
      />

      <section className={styles.section} aria-labelledby="pack-calibrate-heading">
        <h2 id="pack-calibrate-heading">{t("calibrateHeading")}</h2>
        {judges.length === 0 ? (
          <p className="muted">{t("packNoJudges")}</p>
        ) : (
          <>
            <p className="muted">{t("packCalibrateLead", { samples: DEFAULT_PACK_CALIBRATION_SAMPLES })}</p>
            <CalibratePackButton action={calibratePackAction} {...target} />
          </>
        )}
        {latest ? (
          <PackCalibrationProgress key={latest.id} {...target} initial={latest} />
        ) : (
          <p>{t("noRuns")}</p>
        )}
        {report ? (
          <CalibrationReportView
            report={report}
            graph={t("graphVersion", { version: version.number })}
            terms="pack"
          />
        ) : null}
        <CalibrationHistory
          testId="pack-calibration-history"
          runs={earlier.map((r) => ({
            id: r.id,
            line: t("packHistoryRow", {
              status: t(`status.${r.status}`),
              date: format.dateTime(new Date(r.created_at), { dateStyle: "medium", timeStyle: "short" }),
            }),
            report: reportOf(r),
          }))}
        />
      </section>

      <section className={styles.section} aria-labelledby="pack-outputs-heading">
        <h2 id="pack-outputs-heading">{t("packOutputsHeading", { count: outputs.length })}</h2>
        {outputs.length === 0 ? (
          <p>{t("packOutputsEmpty")}</p>
        ) : (
          <DataTable
            testId="pack-calibration-outputs"
            rows={outputs}
            rowKey={(o) => o.id}
            columns={[
              {
                label: t("packCase"),
                cell: (o: PackCalibrationOutputView) => `${o.input_set}/${o.case_key}`,
              },
              { label: t("packJudge"), cell: (o) => o.judge_key },
              { label: t("colLabel"), cell: (o) => t(`packLabels.${o.label === "pass" ? "win" : "no_win"}`) },
              {
                label: t("packOutput"),
                cell: (o) => (
                  <span title={o.text.slice(0, 500)}>
                    {o.text.length > 200 ? `${o.text.slice(0, 200)}…` : o.text}
                  </span>
                ),
              },
              {
                label: "",
                cell: (o) => (
                  <ConfirmAction
                    action={deletePackOutputAction}
                    hidden={{
                      workspace: workspace.slug,
                      pack_id: pack.id,
                      number: String(version.number),
                      output_id: o.id,
                    }}
                    label={t("delete")}
                    question={t("packDeleteQuestion")}
                    confirmLabel={t("packDeleteConfirm")}
                  />
                ),
              },
            ]}
          />
        )}
        {judges.length > 0 && cases.length > 0 ? (
          <>
            <h3>{t("packAddHeading")}</h3>
            <PackOutputForm action={addPackOutputAction} {...target} cases={cases} judges={judges} />
          </>
        ) : null}
      </section>
    </>
  );
}
