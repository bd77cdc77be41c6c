"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { changePasswordAction, logoutEverywhereAction } from "@/app/settings/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import styles from "./profile.module.css";

/** Settings → sign-in and sessions: change the password, log out everywhere. */
export function SessionSettings() {
  const t = useTranslations("player.settings.security");
  const [state, formAction, pending] = useActionState(changePasswordAction, idleFormState);
  // Empty the password fields after a successful change.
  const key = state.status === "success" ? `saved-${state.message}` : "form";

  return (
    <section className={`stack ${styles.settings}`} aria-labelledby="settings-security-title">
      <h2 id="settings-security-title">{t("title")}</h2>
      <form action={formAction} noValidate className="stack" aria-busy={pending || undefined} key={key}>
        <h3>{t("passwordTitle")}</h3>
        {state.message ? (
          <Alert tone={state.status === "success" ? "success" : "error"}>{state.message}</Alert>
        ) : null}
        <Field
          id="settings-current-password"
          name="currentPassword"
          type="password"
          label={t("currentPassword")}
          autoComplete="current-password"
          required
          maxLength={200}
          error={state.fieldErrors?.currentPassword}
        />
        <Field
          id="settings-new-password"
          name="newPassword"
          type="password"
          label={t("newPassword")}
          hint={t("newPasswordHint")}
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={200}
          error={state.fieldErrors?.newPassword}
        />
        <div>
          <SubmitButton pending={pending}>{t("changePassword")}</SubmitButton>
        </div>
      </form>
      <form action={logoutEverywhereAction} className="stack">
        <h3>{t("everywhereTitle")}</h3>
        <p>{t("everywhereLead")}</p>
        <div>
          <SubmitButton variant="secondary">{t("everywhere")}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
