import { useTranslations } from "next-intl";
import type { CalibrationReport } from "@/lib/evaluation/calibration/types";

/** Earlier calibration runs, one line each: what and when (`line`), then the counts once done. */
export function CalibrationHistory({
  testId,
  runs,
}: {
  testId: string;
  runs: { id: string; line: string; report: CalibrationReport | null }[];
}) {
  const t = useTranslations("consolePages.calibration");
  if (runs.length === 0) return null;
  return (
    <>
      <h3>{t("historyHeading")}</h3>
      <ul data-testid={testId}>
        {runs.map((r) => (
          <li key={r.id}>
            {r.line}
            {r.report
              ? ` · ${t("summaryLine", { examples: r.report.examples, agreeing: r.report.agreeing, flips: r.report.flips })}`
              : ""}
          </li>
        ))}
      </ul>
    </>
  );
}
