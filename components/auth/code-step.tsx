"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import type { FormState } from "@/lib/contracts/forms";
import styles from "./auth.module.css";

/**
 * The fields of the step that verifies an emailed code (code login, and a password login the
 * server asks to finish with a code): why a code was sent, the verify action's error, the address
 * and return path it verifies for, and the six-digit code. The form and its buttons stay with the caller.
 */
export function CodeStepFields({
  fieldId,
  notice,
  email,
  next,
  event,
  state,
}: {
  fieldId: string;
  notice: string;
  email: string;
  next: string;
  /** The invite link's event code, if the page was opened with one. */
  event?: string | undefined;
  /** The verify action's state; any message it has is an error. */
  state: FormState;
}) {
  const t = useTranslations("auth.code");
  return (
    <>
      <Alert tone="info">{notice}</Alert>
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="next" value={next} />
      {event ? <input type="hidden" name="event" value={event} /> : null}
      <Field
        id={fieldId}
        name="code"
        label={t("codeLabel")}
        hint={t("codeHint")}
        className={styles.codeField}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        // The button that led here is gone; keep keyboard focus in the form.
        autoFocus
        error={state.fieldErrors?.code}
      />
    </>
  );
}
