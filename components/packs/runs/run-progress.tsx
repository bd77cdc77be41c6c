"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { packRunView, type PackRunView } from "@/lib/contracts/pack-runs";
import { usePolledRun } from "@/components/console/use-polled-run";
import { consoleJson, errorText } from "./api";
import { etaParts, isActive, progressPercent } from "./format";
import runStyles from "./runs.module.css";
import { StatusBadge } from "./status-badge";

const isRunActive = (run: PackRunView) => isActive(run.status);
const parseRun = (run: unknown) => packRunView.parse(run);

/**
 * A run's live progress: polls the run every second while it is queued or running (the bar, the
 * cases done, the ETA), offers Cancel meanwhile, and refreshes the page once the run has finished
 * so the server renders its scorecard and cases.
 */
export function RunProgress({ workspace, initial }: { workspace: string; initial: PackRunView }) {
  const t = useTranslations("consolePages.packRuns");
  const router = useRouter();
  const url = `/console/api/pack-runs/${encodeURIComponent(initial.id)}`;
  const { run, setRun, pollError, active } = usePolledRun(initial, {
    url,
    workspace,
    parse: parseRun,
    isActive: isRunActive,
  });
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  async function cancel() {
    setCancelling(true);
    setCancelError(null);
    try {
      const body = (await consoleJson(`${url}/cancel`, workspace, { method: "POST" })) as { run: unknown };
      const next = packRunView.parse(body.run);
      setRun(next);
      if (!isActive(next.status)) router.refresh();
    } catch (err) {
      setCancelError(errorText(err));
    } finally {
      setCancelling(false);
    }
  }

  const pct = progressPercent(run.done_cases, run.total_cases);
  const valueText = t("progressValue", { done: run.done_cases, total: run.total_cases, percent: pct });
  return (
    <div className={runStyles.progress} data-testid="run-progress">
      <div
        role="progressbar"
        aria-label={t("progressLabel")}
        aria-valuemin={0}
        aria-valuemax={run.total_cases}
        aria-valuenow={run.done_cases}
        aria-valuetext={valueText}
        className={runStyles.track}
      >
        <div className={runStyles.fill} data-status={run.status} style={{ width: `${pct}%` }} />
      </div>
      <p className={runStyles.progressLine}>
        <span data-testid="run-count">{valueText}</span>
        <span data-testid="run-status" aria-live="polite">
          {t("statusLine", { status: t(`status.${run.status}`) })}
        </span>
        {active ? (
          <span data-testid="run-eta" className="muted">
            {run.status === "running" && run.eta_seconds !== null
              ? t("eta", { time: eta(run.eta_seconds, t) })
              : null}
            {run.status === "running" && run.eta_seconds === null ? t("etaUnknown") : null}
            {run.status === "queued" ? <Spinner /> : null}
          </span>
        ) : (
          <StatusBadge status={run.status} />
        )}
      </p>
      <p className="muted">
        {t("counts", { passed: run.passed_cases, errors: run.error_cases, sandbox: run.sandbox_cases })}
      </p>
      {run.error ? <Alert tone="error">{t("runError", { error: run.error })}</Alert> : null}
      {pollError ? <Alert tone="warning">{t("pollFailed", { reason: pollError })}</Alert> : null}
      {active ? (
        <div className={runStyles.buttons}>
          <Button
            variant="danger"
            onClick={() => void cancel()}
            aria-disabled={cancelling || undefined}
            disabled={cancelling}
          >
            {cancelling ? <Spinner /> : null}
            {cancelling ? t("cancelling") : t("cancel")}
          </Button>
        </div>
      ) : null}
      {cancelError ? <Alert tone="error">{t("cancelFailed", { reason: cancelError })}</Alert> : null}
    </div>
  );
}

type T = ReturnType<typeof useTranslations<"consolePages.packRuns">>;

function eta(seconds: number, t: T): string {
  const { unit, n } = etaParts(seconds);
  return unit === "s"
    ? t("etaSeconds", { n })
    : unit === "min"
      ? t("etaMinutes", { n })
      : t("etaHours", { n });
}
