"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SelectField, TextAreaField } from "@/components/console/fields";
import { FormStatus } from "@/components/console/form-status";
import { NumberStateField } from "@/components/console/state-field";
import styles from "@/components/console/console.module.css";
import { SubmitButton } from "@/components/ui/submit-button";
import { CALIBRATION_LABELS, MAX_CALIBRATION_SAMPLES, MAX_EXAMPLE_CHARS } from "@/lib/contracts/calibration";
import type { CalibrationSettingsView } from "@/lib/contracts/calibration";
import { idleFormState, type FormState } from "@/lib/contracts/forms";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/** The hidden fields every calibration form sends. */
function Target({ workspace, challengeId }: { workspace: string; challengeId: string }) {
  return (
    <>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="challenge_id" value={challengeId} />
    </>
  );
}

/** One button that runs an action (add the generated set, calibrate), with its outcome above. */
export function ActionButton({
  action,
  workspace,
  challengeId,
  label,
  testId,
}: {
  action: Action;
  workspace: string;
  challengeId: string;
  label: string;
  testId: string;
}) {
  const [state, formAction, pending] = useActionState(action, idleFormState);
  return (
    <form action={formAction} className="stack" data-testid={testId}>
      <FormStatus state={state} />
      <Target workspace={workspace} challengeId={challengeId} />
      <div>
        <SubmitButton pending={pending}>{label}</SubmitButton>
      </div>
    </form>
  );
}

/** A creator's own example: its label and the answer. */
export function ExampleForm({
  action,
  workspace,
  challengeId,
}: {
  action: Action;
  workspace: string;
  challengeId: string;
}) {
  const t = useTranslations("consolePages.calibration");
  const [state, formAction, pending] = useActionState(action, idleFormState);
  return (
    <form
      key={state.at ?? 0}
      action={formAction}
      noValidate
      className={styles.form}
      data-testid="calibration-example-form"
    >
      <FormStatus state={state} />
      <Target workspace={workspace} challengeId={challengeId} />
      <SelectField
        id="calibration-label"
        name="label"
        label={t("label")}
        defaultValue={state.values?.label ?? "win"}
        options={CALIBRATION_LABELS.map((value) => ({ value, label: t(`labels.${value}`) }))}
        error={state.fieldErrors?.label}
      />
      <TextAreaField
        id="calibration-text"
        name="text"
        label={t("text")}
        hint={t("textHint")}
        maxLength={MAX_EXAMPLE_CHARS}
        rows={4}
        required
        defaultValue={state.values?.text ?? ""}
        error={state.fieldErrors?.text}
      />
      <div>
        <SubmitButton pending={pending}>{t("add")}</SubmitButton>
      </div>
    </form>
  );
}

const percent = (share: number) => String(Math.round(share * 100));

/** k and the publish-gate thresholds. */
export function SettingsForm({
  action,
  workspace,
  settings,
}: {
  action: Action;
  workspace: string;
  settings: CalibrationSettingsView;
}) {
  const t = useTranslations("consolePages.calibration");
  const [state, formAction, pending] = useActionState(action, idleFormState);
  const th = settings.thresholds;
  return (
    <form action={formAction} noValidate className={styles.form} data-testid="calibration-settings-form">
      <FormStatus state={state} />
      <Target workspace={workspace} challengeId={settings.challenge_id} />
      <div className={styles.grid2}>
        <NumberStateField
          id="calibration-samples"
          state={state}
          name="samples"
          min={1}
          max={MAX_CALIBRATION_SAMPLES}
          label={t("samples")}
          initial={String(settings.samples)}
        />
        <NumberStateField
          id="calibration-false-wins"
          state={state}
          name="max_false_wins"
          min={0}
          max={10000}
          label={t("maxFalseWins")}
          initial={String(th.max_false_wins)}
        />
        <NumberStateField
          id="calibration-flip-rate"
          state={state}
          name="max_flip_rate"
          min={0}
          max={100}
          label={t("maxFlipRate")}
          initial={percent(th.max_flip_rate)}
        />
        <NumberStateField
          id="calibration-agreement"
          state={state}
          name="min_agreement"
          min={0}
          max={100}
          label={t("minAgreement")}
          initial={percent(th.min_agreement)}
        />
      </div>
      <div>
        <SubmitButton pending={pending}>{t("saveSettings")}</SubmitButton>
      </div>
    </form>
  );
}

/** The attempt browser's "this should have won / not won": the attempt becomes a calibration example. */
export function LabelAttemptButtons({
  action,
  workspace,
  challengeId,
  attemptId,
}: {
  action: Action;
  workspace: string;
  challengeId: string;
  attemptId: string;
}) {
  const t = useTranslations("consolePages.calibration");
  const [state, formAction, pending] = useActionState(action, idleFormState);
  return (
    <form action={formAction} className="cluster" data-testid="label-attempt-form">
      <Target workspace={workspace} challengeId={challengeId} />
      <input type="hidden" name="attempt_id" value={attemptId} />
      <span className="muted">{t("labelAttempt")}</span>
      {CALIBRATION_LABELS.map((label) => (
        <SubmitButton key={label} name="label" value={label} variant="secondary" size="sm" pending={pending}>
          {t(`labels.${label}`)}
        </SubmitButton>
      ))}
      <FormStatus state={state} />
    </form>
  );
}
