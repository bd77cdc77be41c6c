"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SelectField, TextAreaField } from "@/components/console/fields";
import { FormStatus } from "@/components/console/form-status";
import styles from "@/components/console/console.module.css";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState, type FormState } from "@/lib/contracts/forms";
import { MAX_PACK_CALIBRATION_OUTPUT_CHARS, PACK_CALIBRATION_LABELS } from "@/lib/contracts/pack-calibration";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

export interface VersionTarget {
  workspace: string;
  packId: string;
  number: number;
}

/** The hidden fields every pack calibration form sends. */
function Target({ workspace, packId, number }: VersionTarget) {
  return (
    <>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="pack_id" value={packId} />
      <input type="hidden" name="number" value={number} />
    </>
  );
}

/** "Calibrate": starts a calibration of the version's judges, with its outcome above. */
export function CalibratePackButton({ action, ...target }: VersionTarget & { action: Action }) {
  const t = useTranslations("consolePages.calibration");
  const [state, formAction, pending] = useActionState(action, idleFormState);
  return (
    <form action={formAction} className="stack" data-testid="pack-calibrate-form">
      <FormStatus state={state} />
      <Target {...target} />
      <div>
        <SubmitButton pending={pending}>{t("calibrate")}</SubmitButton>
      </div>
    </form>
  );
}

/** A labelled output: the case (input set/case key), the judge, the label and the text. */
export function PackOutputForm({
  action,
  cases,
  judges,
  ...target
}: VersionTarget & { action: Action; cases: string[]; judges: string[] }) {
  const t = useTranslations("consolePages.calibration");
  const [state, formAction, pending] = useActionState(action, idleFormState);
  return (
    <form
      key={state.at ?? 0}
      action={formAction}
      noValidate
      className={styles.form}
      data-testid="pack-output-form"
    >
      <FormStatus state={state} />
      <Target {...target} />
      <SelectField
        id="pack-output-case"
        name="case"
        label={t("packCase")}
        defaultValue={state.values?.case ?? cases[0] ?? ""}
        options={cases.map((value) => ({ value, label: value }))}
        error={state.fieldErrors?.case_key}
      />
      <SelectField
        id="pack-output-judge"
        name="judge_key"
        label={t("packJudge")}
        defaultValue={state.values?.judge_key ?? judges[0] ?? ""}
        options={judges.map((value) => ({ value, label: value }))}
        error={state.fieldErrors?.judge_key}
      />
      <SelectField
        id="pack-output-label"
        name="label"
        label={t("label")}
        defaultValue={state.values?.label ?? "pass"}
        options={PACK_CALIBRATION_LABELS.map((value) => ({
          value,
          label: t(`packLabels.${value === "pass" ? "win" : "no_win"}`),
        }))}
        error={state.fieldErrors?.label}
      />
      <TextAreaField
        id="pack-output-text"
        name="text"
        label={t("packOutput")}
        hint={t("packOutputHint")}
        maxLength={MAX_PACK_CALIBRATION_OUTPUT_CHARS}
        rows={4}
        required
        defaultValue={state.values?.text ?? ""}
        error={state.fieldErrors?.text}
      />
      <div>
        <SubmitButton pending={pending}>{t("packAdd")}</SubmitButton>
      </div>
    </form>
  );
}
