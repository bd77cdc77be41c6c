"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { registerAction } from "@/app/(auth)/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";

const PASSWORD_MIN_LENGTH = 10;

/** `event`: the invite link's event code, carried to the server (registrations counted per code). */
export function RegisterForm({ next, event }: { next: string; event?: string | undefined }) {
  const t = useTranslations("auth.register");
  const [state, formAction, pending] = useActionState(registerAction, idleFormState);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");

  return (
    <form action={formAction} noValidate className="stack" aria-busy={pending || undefined}>
      {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="next" value={next} />
      {event ? <input type="hidden" name="event" value={event} /> : null}
      <Field
        id="register-name"
        name="name"
        label={t("nameLabel")}
        autoComplete="name"
        required
        maxLength={40}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={state.fieldErrors?.name}
      />
      <Field
        id="register-email"
        name="email"
        type="email"
        label={t("emailLabel")}
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={state.fieldErrors?.email}
      />
      <Field
        id="register-password"
        name="password"
        type="password"
        label={t("passwordLabel")}
        hint={t("passwordRule", { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        error={state.fieldErrors?.password}
      />
      <div>
        <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
