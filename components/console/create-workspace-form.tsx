"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { createWorkspaceAction } from "@/app/console/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import styles from "./console.module.css";

export function CreateWorkspaceForm() {
  const t = useTranslations("console.createWorkspace");
  const [state, formAction, pending] = useActionState(createWorkspaceAction, idleFormState);
  const [name, setName] = useState("");

  return (
    <form
      action={formAction}
      noValidate
      className={`stack ${styles.createForm}`}
      aria-busy={pending || undefined}
    >
      {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <Field
        id="workspace-name"
        name="name"
        label={t("nameLabel")}
        hint={t("nameHint")}
        autoComplete="organization"
        required
        maxLength={80}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={state.fieldErrors?.name}
      />
      <div>
        <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
