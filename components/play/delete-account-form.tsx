"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { deleteAccountAction } from "@/app/settings/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import styles from "./profile.module.css";

/** Settings → delete account, confirmed by typing the password (the email address without one). */
export function DeleteAccountForm({ confirmWith }: { confirmWith: "password" | "email" }) {
  const t = useTranslations("playerAccount.deleteAccount");
  const [state, formAction, pending] = useActionState(deleteAccountAction, idleFormState);
  return (
    <section className={`stack ${styles.settings}`} aria-labelledby="settings-delete-title">
      <h2 id="settings-delete-title">{t("title")}</h2>
      <p>{t("lead")}</p>
      <form action={formAction} noValidate className="stack" aria-busy={pending || undefined}>
        {state.message ? <Alert tone="error">{state.message}</Alert> : null}
        <Field
          id="settings-delete-confirmation"
          name="confirmation"
          type={confirmWith}
          label={t(confirmWith === "password" ? "confirmPassword" : "confirmEmail")}
          autoComplete="off"
          required
          maxLength={200}
          error={state.fieldErrors?.confirmation}
        />
        <div>
          <SubmitButton variant="danger" pending={pending}>
            {t("submit")}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
