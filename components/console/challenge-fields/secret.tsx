"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/contracts/forms";
import type { ChallengeFormValues } from "../challenge-defaults";
import styles from "../console.module.css";
import { TextAreaField } from "../fields";

// The challenge's secret (typed, never shown again, or a reference) and the variables masked in
// what players see.

/** The secret and its reference, side by side; the caller words the secret's label and hint. */
export function SecretInputs({
  c,
  e,
  label,
  hint,
  required,
}: {
  c: ChallengeFormValues;
  e: FieldErrors;
  label: string;
  hint?: ReactNode;
  required?: boolean;
}) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <div className={styles.grid2}>
      <Field
        id="challenge-secret"
        name="secret"
        type="password"
        autoComplete="new-password"
        label={label}
        hint={hint}
        required={required}
        error={e.secret}
      />
      <Field
        id="challenge-secret-ref"
        name="secret_ref"
        label={t("secretRef")}
        hint={t("secretRefHint")}
        defaultValue={c.secret_ref ?? ""}
        error={e.secret_ref}
      />
    </div>
  );
}

export function MaskVariablesField({ c, e }: { c: ChallengeFormValues; e: FieldErrors }) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <TextAreaField
      id="challenge-mask-variables"
      name="mask_variables"
      label={t("maskVariables")}
      hint={t("maskVariablesHint")}
      rows={2}
      mono
      defaultValue={c.mask_variables.join("\n")}
      error={e.mask_variables}
    />
  );
}
