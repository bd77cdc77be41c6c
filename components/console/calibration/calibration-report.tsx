import { useFormatter, useTranslations } from "next-intl";
import { DataTable } from "@/components/console/data-table";
import styles from "@/components/console/console.module.css";
import { Badge } from "@/components/ui/badge";
import type { CalibrationComparison } from "@/lib/evaluation/calibration/report";
import type { CalibrationReport, ExampleReport, Interval } from "@/lib/evaluation/calibration/types";

/** A finished calibration: the numbers against the thresholds, then every example's k verdicts. */
export function CalibrationReportView({
  report,
  graph,
  comparison,
  terms = "challenge",
}: {
  report: CalibrationReport;
  /** What was calibrated: "the draft", "version 3". */
  graph: string;
  comparison?: { graph: string; diff: CalibrationComparison } | undefined;
  /** "pack": a pack judge's calibration, whose labels and verdicts read pass and fail. */
  terms?: "challenge" | "pack";
}) {
  const t = useTranslations("consolePages.calibration");
  const labels = terms === "pack" ? "packLabels" : "labels";
  const outcomes = terms === "pack" ? "packOutcomes" : "outcomes";
  const format = useFormatter();
  const pct = (share: number) => format.number(share, { style: "percent", maximumFractionDigits: 0 });
  const num = (v: number | null) =>
    v === null ? t("notAvailable") : format.number(v, { maximumFractionDigits: 2 });
  const interval = (i: Interval, show: (v: number) => string) =>
    i.low === null || i.high === null
      ? { low: t("notAvailable"), high: t("notAvailable") }
      : { low: show(i.low), high: show(i.high) };
  const signed = (v: number | null, show: (v: number) => string) =>
    v === null ? t("notAvailable") : `${v > 0 ? "+" : ""}${show(v)}`;
  return (
    <div className="stack" data-testid="calibration-report">
      <h3>{t("reportHeading", { graph })}</h3>
      <p>
        <Badge
          className={report.passed ? styles.gatePassed : styles.gateFailed}
          data-testid="calibration-gate"
        >
          {report.passed ? t("gatePassed") : t("gateFailed")}
        </Badge>{" "}
        {t("summaryLine", { examples: report.examples, agreeing: report.agreeing, flips: report.flips })}
      </p>
      {report.failures.length > 0 ? (
        <ul className={styles.statusBad} data-testid="calibration-failures">
          {report.failures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
      <dl className={styles.stats}>
        {(
          [
            [t("agreement"), pct(report.agreement)],
            [t("kappa"), num(report.kappa)],
            [t("falseWins"), report.falseWins],
            [t("falseLosses"), report.falseLosses],
            [t("flipRate"), pct(report.flipRate)],
            [t("errors"), report.errors],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className={styles.stat}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        {t("agreementValue", {
          percent: pct(report.agreement),
          agreeing: report.agreeing,
          examples: report.examples,
          ...interval(report.agreementInterval, pct),
        })}
        {" · "}
        {t("kappaValue", { kappa: num(report.kappa), ...interval(report.kappaInterval, (v) => num(v)) })}
        {" · "}
        {t("flipRateValue", {
          percent: pct(report.flipRate),
          flips: report.flips,
          examples: report.examples,
        })}
      </p>
      {comparison ? (
        <p className="muted" data-testid="calibration-comparison">
          {t("comparedWith", {
            graph: comparison.graph,
            agreement: signed(comparison.diff.agreement.delta, pct),
            falseWins: signed(comparison.diff.falseWins.delta, (v) => String(v)),
            flipRate: signed(comparison.diff.flipRate.delta, pct),
          })}
        </p>
      ) : null}
      <h4>{t("perExample")}</h4>
      <DataTable
        testId="calibration-examples-report"
        rows={report.perExample}
        rowKey={(e) => e.exampleId}
        columns={[
          { label: t("colLabel"), cell: (e: ExampleReport) => t(`${labels}.${e.label}`) },
          { label: t("colSource"), cell: (e) => e.kind ?? t(`sources.${e.source}`) },
          {
            label: t("colVerdict"),
            cell: (e) => (
              <span className={e.agrees ? styles.statusOk : styles.statusBad}>
                {t(e.agrees ? "verdictAgrees" : "verdictDisagrees", {
                  verdict: t(`${outcomes}.${e.verdict}`),
                })}
                {e.flipped ? ` · ${t("flipped")}` : ""}
              </span>
            ),
          },
          {
            label: t("colSamples"),
            cell: (e) => e.verdicts.map((v) => t(`${outcomes}.${v.outcome}`)).join(", "),
          },
          {
            label: t("colEvidence"),
            cell: (e) => e.verdicts.find((v) => v.evidence)?.evidence ?? "",
          },
        ]}
      />
    </div>
  );
}
