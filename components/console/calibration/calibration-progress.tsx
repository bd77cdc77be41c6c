"use client";

import { useTranslations } from "next-intl";
import { usePolledRun } from "@/components/console/use-polled-run";
import { progressPercent } from "@/components/packs/runs/format";
import runStyles from "@/components/packs/runs/runs.module.css";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { calibrationRunView, type CalibrationRunView } from "@/lib/contracts/calibration";

const parseRun = (run: unknown) => calibrationRunView.parse(run);
const active = (run: ProgressRun) => run.status === "queued" || run.status === "running";

/** A calibration's progress bar: polls the run while it works, then refreshes the page for its report. */
export function CalibrationProgress({
  workspace,
  initial,
}: {
  workspace: string;
  initial: CalibrationRunView;
}) {
  return (
    <RunProgress
      workspace={workspace}
      initial={initial}
      url={`/console/api/challenges/${encodeURIComponent(initial.challenge_id)}/calibration/runs/${encodeURIComponent(initial.id)}`}
      parse={parseRun}
    />
  );
}

/** What a progress bar reads of a calibration run (a challenge's or a pack version's). */
export interface ProgressRun {
  status: "queued" | "running" | "done" | "failed";
  completed: number;
  total: number;
  error: string | null;
}

/** The progress bar of any calibration run, polled at `url` (its GET answers `{ run }`). */
export function RunProgress<R extends ProgressRun>({
  workspace,
  initial,
  url,
  parse,
}: {
  workspace: string;
  initial: R;
  url: string;
  parse: (run: unknown) => R;
}) {
  const t = useTranslations("consolePages.calibration");
  const {
    run,
    pollError,
    active: working,
  } = usePolledRun(initial, { url, workspace, parse, isActive: active });

  const pct = progressPercent(run.completed, run.total);
  const valueText = t("progress", { done: run.completed, total: run.total });
  return (
    <div className={runStyles.progress} data-testid="calibration-progress">
      <div
        role="progressbar"
        aria-label={t("progressLabel")}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.completed}
        aria-valuetext={valueText}
        className={runStyles.track}
      >
        <div
          className={runStyles.fill}
          data-status={run.status === "done" ? "completed" : run.status}
          style={{ width: `${pct}%` }}
        />
      </div>
      <p className={runStyles.progressLine}>
        <span>{valueText}</span>
        <span aria-live="polite" data-testid="calibration-status">
          {t(`status.${run.status}`)}
        </span>
        {working ? <Spinner /> : null}
      </p>
      {run.error ? <Alert tone="error">{run.error}</Alert> : null}
      {pollError ? <Alert tone="warning">{pollError}</Alert> : null}
    </div>
  );
}
