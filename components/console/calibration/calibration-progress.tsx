"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { consoleJson } from "@/components/packs/runs/api";
import { progressPercent } from "@/components/packs/runs/format";
import runStyles from "@/components/packs/runs/runs.module.css";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { calibrationRunView, type CalibrationRunView } from "@/lib/contracts/calibration";

const POLL_MS = 1000;
const active = (run: CalibrationRunView) => run.status === "queued" || run.status === "running";

/** A calibration's progress bar: polls the run while it works, then refreshes the page for its report. */
export function CalibrationProgress({
  workspace,
  initial,
}: {
  workspace: string;
  initial: CalibrationRunView;
}) {
  const t = useTranslations("consolePages.calibration");
  const router = useRouter();
  const [run, setRun] = useState(initial);
  const [pollError, setPollError] = useState<string | null>(null);
  const working = active(run);
  const url = `/console/api/challenges/${encodeURIComponent(run.challenge_id)}/calibration/runs/${encodeURIComponent(run.id)}`;

  useEffect(() => {
    if (!working) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const tick = async () => {
      try {
        const body = (await consoleJson(url, workspace, { signal: controller.signal })) as { run: unknown };
        if (stopped) return;
        const next = calibrationRunView.parse(body.run);
        setRun(next);
        setPollError(null);
        if (!active(next)) {
          router.refresh();
          return;
        }
      } catch (err) {
        if (stopped) return;
        setPollError(err instanceof Error ? err.message : String(err));
      }
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [working, url, workspace, router]);

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
