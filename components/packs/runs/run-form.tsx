"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState, type ReactNode } from "react";
import { startRunAction } from "@/app/console/[workspace]/packs/[id]/runs/actions";
import styles from "@/components/console/console.module.css";
import { SelectField } from "@/components/console/fields";
import { FormStatus } from "@/components/console/form-status";
import { submitWithoutReset } from "@/components/console/submit-without-reset";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import { DEFAULT_RUN_CONCURRENCY, MAX_RUN_CONCURRENCY, MAX_RUN_MODELS } from "@/lib/contracts/pack-runs";
import runStyles from "./runs.module.css";

/** What the form offers (built on the server by the pack page's form-options.ts). */
export interface RunFormOptions {
  /** Newest first. */
  versions: { number: number; inputSets: { key: string; name: string; cases: number }[] }[];
  offline: { ref: string; number: number; name: string }[];
  /** The instance's OpenAI endpoint and its default model, when configured. */
  openai: { model: string } | null;
  providers: { name: string; models: string[] }[];
}

type State = FormState<never>;

/** Starts a run of the pack (server action); a started run opens its page. */
export function RunForm({
  workspace,
  packId,
  options,
}: {
  workspace: string;
  packId: string;
  options: RunFormOptions;
}) {
  const t = useTranslations("consolePages.packRuns");
  const [state, dispatch, pending] = useActionState(startRunAction, { status: "idle" } as State);
  const [version, setVersion] = useState(String(options.versions[0]?.number ?? ""));
  const send = submitWithoutReset(dispatch);
  const fieldErrors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  const inputSets = options.versions.find((v) => String(v.number) === version)?.inputSets ?? [];
  const modelErrors = fieldErrors.models ?? [];

  return (
    <form
      onSubmit={send}
      noValidate
      className={styles.form}
      aria-busy={pending || undefined}
      data-testid="run-form"
    >
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="pack" value={packId} />
      <div className={styles.grid2}>
        <SelectField
          id="run-version"
          name="version"
          label={t("version")}
          value={version}
          onChange={(e) => setVersion(e.currentTarget.value)}
          error={fieldErrors.version}
          options={options.versions.map((v, i) => ({
            value: String(v.number),
            label:
              i === 0 ? t("versionLatest", { number: v.number }) : t("versionOption", { number: v.number }),
          }))}
        />
        <SelectField
          key={version}
          id="run-input-set"
          name="input_set"
          label={t("inputSet")}
          defaultValue=""
          error={fieldErrors.input_set}
          options={[
            { value: "", label: t("inputSetAll") },
            ...inputSets.map((s) => ({
              value: s.key,
              label: t("inputSetOption", { name: s.name, count: s.cases }),
            })),
          ]}
        />
      </div>
      <fieldset
        className={runStyles.fieldset}
        aria-describedby={["run-models-hint", modelErrors.length > 0 ? "run-models-error" : ""]
          .filter(Boolean)
          .join(" ")}
      >
        <legend>{t("models")}</legend>
        <p id="run-models-hint" className="muted">
          {t("modelsHint", { max: MAX_RUN_MODELS })}
        </p>
        {modelErrors.length > 0 ? (
          <p id="run-models-error" className={runStyles.fieldError}>
            {modelErrors.join(" ")}
          </p>
        ) : null}
        <ModelGroup
          title={t("offlineGroup")}
          choices={options.offline.map((o) => ({ ref: o.ref, note: `${o.number}. ${o.name}` }))}
        />
        {options.openai ? (
          <ModelGroup title={t("openaiGroup")} choices={[{ ref: `openai:${options.openai.model}` }]}>
            <Field
              id="run-openai-model"
              name="openai_model"
              label={t("openaiOther")}
              hint={t("modelIdHint")}
              autoComplete="off"
              spellCheck={false}
            />
          </ModelGroup>
        ) : null}
        {options.providers.map((p, i) => (
          <ModelGroup
            key={p.name}
            title={t("providerGroup", { name: p.name })}
            choices={p.models.map((m) => ({ ref: `provider:${p.name}/${m}` }))}
          >
            <Field
              id={`run-provider-model-${i}`}
              name={`provider_model:${p.name}`}
              label={t("providerOther", { name: p.name })}
              hint={t("modelIdHint")}
              autoComplete="off"
              spellCheck={false}
            />
          </ModelGroup>
        ))}
      </fieldset>
      <Field
        id="run-concurrency"
        name="concurrency"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_RUN_CONCURRENCY}
        defaultValue={DEFAULT_RUN_CONCURRENCY}
        label={t("concurrency")}
        hint={t("concurrencyHint", { max: MAX_RUN_CONCURRENCY, default: DEFAULT_RUN_CONCURRENCY })}
        error={fieldErrors.concurrency}
      />
      <label className={runStyles.choice}>
        <input type="checkbox" name="prompt_only" />
        <span>
          {t("promptOnly")} <span className="muted">{t("promptOnlyHint")}</span>
        </span>
      </label>
      <div data-testid="run-form-status">
        <FormStatus state={state.status === "error" ? state : { status: "idle" }} />
      </div>
      <div className={runStyles.buttons}>
        <SubmitButton pending={pending}>{t("start")}</SubmitButton>
      </div>
    </form>
  );
}

function ModelGroup({
  title,
  choices,
  children,
}: {
  title: string;
  choices: { ref: string; note?: string }[];
  children?: ReactNode;
}) {
  return (
    <div className={runStyles.modelGroup} role="group" aria-label={title}>
      <p className={runStyles.modelGroupTitle} aria-hidden="true">
        {title}
      </p>
      {choices.length > 0 ? (
        <ul className={runStyles.choices}>
          {choices.map((c) => (
            <li key={c.ref}>
              <label className={runStyles.choice}>
                <input type="checkbox" name="models" value={c.ref} />
                <span>
                  <code>{c.ref}</code>
                  {c.note ? <span className="muted"> {c.note}</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
