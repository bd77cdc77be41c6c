"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { saveSettingsAction } from "@/app/settings/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import type { ProfileSettings } from "@/lib/contracts/auth";
import styles from "./profile.module.css";

const NOTIFICATIONS = [
  ["notifyOnFirstBlood", "notify_on_first_blood"],
  ["notifyOnRecordBeaten", "notify_on_record_beaten"],
  ["notifyOnPairing", "notify_on_pairing"],
  ["notifyByEmail", "notify_by_email"],
] as const;

export function SettingsForm({ initial }: { initial: ProfileSettings }) {
  const t = useTranslations("player.settings");
  const [state, formAction, pending] = useActionState(saveSettingsAction, idleFormState);
  const current = state.data ?? initial;
  // Remount the inputs with the saved values after a successful save.
  const key = state.status === "success" ? JSON.stringify(current) : "initial";

  return (
    <form
      action={formAction}
      noValidate
      className={`stack ${styles.settings}`}
      aria-busy={pending || undefined}
      key={key}
    >
      {state.message ? (
        <Alert tone={state.status === "success" ? "success" : "error"}>{state.message}</Alert>
      ) : null}
      <Field
        id="settings-display-name"
        name="displayName"
        label={t("displayName")}
        hint={t("displayNameHint")}
        defaultValue={current.display_name}
        maxLength={40}
        required
        autoComplete="nickname"
        error={state.fieldErrors?.displayName}
      />
      <Field
        id="settings-avatar-url"
        name="avatarUrl"
        type="url"
        inputMode="url"
        label={t("avatarUrl")}
        hint={t("avatarUrlHint")}
        defaultValue={current.avatar_url ?? ""}
        maxLength={500}
        placeholder="https://"
        error={state.fieldErrors?.avatarUrl}
      />
      <fieldset className={styles.checks}>
        <legend>{t("notifications")}</legend>
        {NOTIFICATIONS.map(([name, field]) => (
          <div key={name} className={styles.check}>
            <input
              id={`settings-${name}`}
              type="checkbox"
              name={name}
              defaultChecked={current[field]}
              aria-describedby={`settings-${name}-hint`}
            />
            <label htmlFor={`settings-${name}`}>
              {t(`${name}.label`)}
              <small id={`settings-${name}-hint`}>{t(`${name}.hint`)}</small>
            </label>
          </div>
        ))}
      </fieldset>
      <div>
        <SubmitButton pending={pending}>{t("save")}</SubmitButton>
      </div>
    </form>
  );
}
