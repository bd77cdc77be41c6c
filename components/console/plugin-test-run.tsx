"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { testRunPluginAction } from "@/app/console/[workspace]/plugins/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./console.module.css";
import { SelectField, TextAreaField } from "./fields";
import { FormStatus } from "./form-status";

type State = Awaited<ReturnType<typeof testRunPluginAction>>;

const SAMPLE_METRICS = JSON.stringify({ succeeded: true, tokens_total: 120, elapsed_ms: 2400, rating: 7 }, null, 2);

export function PluginTestRun({
  workspace,
  id,
  kind,
  entrypoints,
}: {
  workspace: string;
  id: string;
  kind: "evaluator" | "scorer";
  entrypoints: string[];
}) {
  const t = useTranslations("consolePages.plugins");
  const [state, formAction, pending] = useActionState(testRunPluginAction, { status: "idle" } as State);
  const v = state.values ?? {};
  const e = state.fieldErrors ?? {};
  const result = state.status === "success" ? state.data : undefined;

  return (
    <div className="stack">
      <form key={state.at ?? 0} action={formAction} noValidate className={styles.form} aria-busy={pending || undefined}>
        <FormStatus state={state.status === "error" ? state : { status: "idle" }} />
        <input type="hidden" name="workspace" value={workspace} />
        <input type="hidden" name="id" value={id} />
        <div className={styles.grid2}>
          <SelectField
            id="test-entrypoint"
            name="entrypoint"
            label={t("testEntrypoint")}
            defaultValue={v.entrypoint ?? entrypoints[0]}
            options={entrypoints.map((ep) => ({ value: ep, label: ep }))}
          />
          <TextAreaField
            id="test-config"
            name="config"
            label={t("testConfig")}
            rows={3}
            mono
            spellCheck={false}
            defaultValue={v.config ?? "{}"}
            error={e.config}
          />
        </div>
        {kind === "evaluator" ? (
          <>
            <Field id="test-goal" name="goal" label={t("testGoal")} defaultValue={v.goal} error={e.goal} />
            <TextAreaField
              id="test-response"
              name="response"
              label={t("testResponse")}
              rows={4}
              defaultValue={v.response}
              error={e.response}
            />
          </>
        ) : (
          <TextAreaField
            id="test-metrics"
            name="metrics"
            label={t("testMetrics")}
            rows={6}
            mono
            spellCheck={false}
            defaultValue={v.metrics ?? SAMPLE_METRICS}
            error={e.metrics}
          />
        )}
        <div>
          <SubmitButton variant="secondary" pending={pending}>
            {t("testSubmit")}
          </SubmitButton>
        </div>
      </form>
      {result ? (
        <div aria-live="polite" data-testid="plugin-test-result">
          {result.ok ? (
            <Alert tone="success" title={t("testOk", { ms: result.durationMs })}>
              <pre className={styles.pre}>{JSON.stringify(result.value, null, 2)}</pre>
            </Alert>
          ) : (
            <Alert tone="error" title={t("testFailed", { error: result.error, ms: result.durationMs })}>
              <p>{result.detail}</p>
              {result.value !== undefined ? (
                <pre className={styles.pre}>{JSON.stringify(result.value, null, 2)}</pre>
              ) : null}
            </Alert>
          )}
        </div>
      ) : null}
    </div>
  );
}
