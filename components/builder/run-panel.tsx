"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { readSse } from "@/lib/http/sse-reader";
import { applyRunEvent, asRunEvent, emptyTrace, verdictFromResult, type RunTrace } from "./run-state";
import { CloseButton } from "./config-panel";
import styles from "./builder.module.css";
import panels from "./panels.module.css";

export interface StartVariable {
  name: string;
  label?: string;
  type: "string" | "number" | "boolean";
  required: boolean;
}

interface ErrorBody {
  error?: {
    code?: string;
    message?: string;
    details?: { graph_issues?: { node_id: string | null; message: string }[] };
  };
}

/**
 * The test-run box: the start inputs, then the engine's events as they stream from the server
 * (already masked there), folded into a trace; node statuses go up to the canvas.
 */
export function RunPanel({
  variables,
  request,
  onTrace,
  disabledReason,
  onClose,
}: {
  variables: StartVariable[];
  /** Starts the run: a fetch of the test-run endpoint with Accept: text/event-stream. */
  request: (inputs: Record<string, unknown>, signal: AbortSignal) => Promise<Response>;
  onTrace: (trace: RunTrace) => void;
  /** Why a run cannot start now (e.g. the graph has issues). */
  disabledReason?: string | null;
  /** Closes the side panel (the run, its trace and the canvas's statuses stay). */
  onClose?: () => void;
}) {
  const t = useTranslations("builder");
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [trace, setTrace] = useState<RunTrace>(emptyTrace);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  const update = (next: RunTrace) => {
    setTrace(next);
    onTrace(next);
  };

  async function start() {
    const inputs: Record<string, unknown> = {};
    for (const v of variables) {
      const raw = values[v.name];
      if (v.type === "boolean") inputs[v.name] = raw === true;
      else if (v.type === "number") {
        if (raw !== undefined && raw !== "") inputs[v.name] = Number(raw);
      } else if (typeof raw === "string" && (raw !== "" || v.required)) inputs[v.name] = raw;
      else if (v.required) inputs[v.name] = "";
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setRunning(true);
    setFailure(null);
    let current: RunTrace = { ...emptyTrace, status: "running" };
    update(current);
    try {
      const res = await request(inputs, controller.signal);
      const type = res.headers.get("content-type") ?? "";
      if (!res.ok || !type.includes("text/event-stream") || !res.body) {
        const body = (await res.json().catch(() => null)) as ErrorBody | null;
        const issues = body?.error?.details?.graph_issues;
        setFailure(
          [
            body?.error?.message ?? t("run.failed", { status: res.status }),
            ...(issues ?? []).map((i) => i.message),
          ].join("\n"),
        );
        update({ ...current, status: "error" });
        return;
      }
      for await (const message of readSse(res.body)) {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          continue;
        }
        const event = asRunEvent(data);
        if (event) {
          current = applyRunEvent(current, event);
        } else if (message.event === "error") {
          const body = data as ErrorBody;
          setFailure(body.error?.message ?? t("run.streamError"));
          current = { ...current, status: current.status === "running" ? "error" : current.status };
        } else {
          // The final result (RunResult-like): it carries the evaluator's verdict.
          const verdict = verdictFromResult(data);
          if (verdict) current = { ...current, verdict };
        }
        update(current);
      }
      if (current.status === "running") update({ ...current, status: "error" });
    } catch (err) {
      if (controller.signal.aborted) update({ ...current, status: "cancelled" });
      else {
        setFailure(err instanceof Error ? err.message : String(err));
        update({ ...current, status: "error" });
      }
    } finally {
      setRunning(false);
      abortRef.current = null;
    }
  }

  return (
    <section className={styles.runPanel} aria-labelledby={`${baseId}-title`} data-testid="run-panel">
      <div className={panels.panelHead}>
        <h2 id={`${baseId}-title`}>{t("run.title")}</h2>
        {onClose ? <CloseButton label={t("run.close")} onClick={onClose} /> : null}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) void start();
        }}
      >
        {variables.map((v) => {
          const id = `${baseId}-${v.name}`;
          const label = v.label || v.name;
          if (v.type === "boolean") {
            return (
              <label key={v.name} htmlFor={id} className={styles.checkbox}>
                <input
                  id={id}
                  type="checkbox"
                  checked={values[v.name] === true}
                  onChange={(e) => setValues((s) => ({ ...s, [v.name]: e.target.checked }))}
                />
                {label}
              </label>
            );
          }
          return (
            <div key={v.name} className={styles.field}>
              <label htmlFor={id} className={styles.label}>
                {t("run.inputLabel", { name: label })}
              </label>
              {v.type === "string" ? (
                <textarea
                  id={id}
                  rows={3}
                  className={styles.input}
                  value={typeof values[v.name] === "string" ? (values[v.name] as string) : ""}
                  required={v.required}
                  onChange={(e) => setValues((s) => ({ ...s, [v.name]: e.target.value }))}
                />
              ) : (
                <input
                  id={id}
                  type="number"
                  className={styles.input}
                  value={typeof values[v.name] === "string" ? (values[v.name] as string) : ""}
                  required={v.required}
                  onChange={(e) => setValues((s) => ({ ...s, [v.name]: e.target.value }))}
                />
              )}
            </div>
          );
        })}
        {disabledReason ? <p className={styles.fieldHint}>{disabledReason}</p> : null}
        <div className={styles.buttonRow}>
          <Button type="submit" disabled={running || Boolean(disabledReason)}>
            {running ? t("run.running") : t("run.start")}
          </Button>
          {running ? (
            <Button variant="secondary" onClick={() => abortRef.current?.abort()}>
              {t("run.cancel")}
            </Button>
          ) : null}
        </div>
      </form>

      {failure ? (
        <Alert tone="error" title={t("run.errorTitle")}>
          <p className={styles.preLine}>{failure}</p>
        </Alert>
      ) : null}

      {trace.status !== "idle" ? (
        <div className={styles.trace} data-testid="run-trace" aria-live="polite">
          <p data-testid="run-status">
            {t("run.statusLine", { status: t(`run.runStatus.${trace.status}`) })}
            {trace.elapsedMs !== undefined
              ? ` · ${t("run.metrics", { ms: trace.elapsedMs, tokens: trace.tokensTotal ?? 0, judgeTokens: trace.judgeTokensTotal ?? 0 })}`
              : null}
          </p>
          {trace.verdict ? (
            <p
              className={[
                styles.verdict,
                trace.verdict.succeeded === true
                  ? styles.verdictPass
                  : trace.verdict.succeeded === false
                    ? styles.verdictFail
                    : "",
              ].join(" ")}
              data-testid="run-verdict"
            >
              {trace.verdict.succeeded === true
                ? t("run.verdictPass")
                : trace.verdict.succeeded === false
                  ? t("run.verdictFail")
                  : t("run.verdictError")}
              {typeof trace.verdict.rating === "number"
                ? ` · ${t("run.rating", { rating: trace.verdict.rating })}`
                : null}
              {trace.verdict.feedback ? ` · ${trace.verdict.feedback}` : null}
            </p>
          ) : null}
          {trace.error ? <p className={styles.fieldError}>{trace.error}</p> : null}
          <ol className={styles.traceList}>
            {trace.nodes.map((n) => (
              <li key={n.nodeId} data-testid={`trace-${n.nodeId}`} data-status={n.status}>
                <p>
                  <code>{n.nodeId}</code> · {n.nodeType} · {t(`run.nodeStatus.${n.status}`)}
                  {n.elapsedMs !== undefined
                    ? ` · ${t("run.nodeMetrics", { ms: n.elapsedMs, tokens: n.tokens ?? 0 })}`
                    : null}
                </p>
                {n.text ? (
                  <pre className={styles.streamText} data-testid={`trace-text-${n.nodeId}`}>
                    {n.text}
                  </pre>
                ) : null}
                {n.outputs && !n.text ? (
                  <pre className={styles.streamText}>{JSON.stringify(n.outputs, null, 2)}</pre>
                ) : null}
                {n.error ? <p className={styles.fieldError}>{n.error}</p> : null}
              </li>
            ))}
          </ol>
          {trace.outputs ? (
            <div>
              <p className={styles.label}>{t("run.answer")}</p>
              <pre className={styles.streamText} data-testid="run-answer">
                {typeof trace.outputs.text === "string"
                  ? trace.outputs.text
                  : JSON.stringify(trace.outputs, null, 2)}
              </pre>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
