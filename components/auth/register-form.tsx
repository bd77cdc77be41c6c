"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { registerAction } from "@/app/(auth)/actions";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import { AuthFormHead, EmailField } from "./auth-form";

const PASSWORD_MIN_LENGTH = 10;

/** `event`: the invite link's event code, carried to the server (registrations counted per code). */
export function RegisterForm({ next, event }: { next: string; event?: string | undefined }) {
  const t = useTranslations("auth.register");
  const [state, formAction, pending] = useActionState(registerAction, idleFormState);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");

  return (
    <form action={formAction} noValidate className="stack" aria-busy={pending || undefined}>
      <AuthFormHead state={state} next={next} event={event} />
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
      <EmailField
        id="register-email"
        label={t("emailLabel")}
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
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
