"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { loginWithPasswordAction, verifyLoginCodeAction } from "@/app/(auth)/actions";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import { AuthFormHead, EmailField } from "./auth-form";
import { CodeStepFields } from "./code-step";

export function PasswordLoginForm({ next, event }: { next: string; event?: string | undefined }) {
  const t = useTranslations("auth.login");
  const [state, formAction, pending] = useActionState(loginWithPasswordAction, idleFormState);
  // Controlled so the address survives the form reset React does after each action.
  const [email, setEmail] = useState("");

  // The account is under attack and this client is new to it: the emailed code finishes.
  if (state.status === "error" && state.code === "login_challenge_required") {
    return <ChallengeCodeForm email={email} next={next} event={event} />;
  }

  return (
    // noValidate: the server's messages (in the catalog's language, wired to each field) are the
    // single source of validation feedback; the attributes below still describe the fields.
    <form action={formAction} noValidate className="stack" aria-busy={pending || undefined}>
      <AuthFormHead state={state} next={next} event={event} />
      <EmailField
        id="login-email"
        label={t("emailLabel")}
        autoComplete="username"
        value={email}
        onValueChange={setEmail}
        error={state.fieldErrors?.email}
      />
      <Field
        id="login-password"
        name="password"
        type="password"
        label={t("passwordLabel")}
        autoComplete="current-password"
        required
        error={state.fieldErrors?.password}
      />
      <div>
        <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
      </div>
    </form>
  );
}

function ChallengeCodeForm({ email, next, event }: { email: string; next: string; event?: string | undefined }) {
  const t = useTranslations("auth.code");
  const [state, formAction, pending] = useActionState(verifyLoginCodeAction, idleFormState);
  return (
    <form action={formAction} noValidate className="stack" aria-busy={pending || undefined}>
      <CodeStepFields fieldId="challenge-code" notice={t("challenge")} email={email} next={next} event={event} state={state} />
      <div>
        <SubmitButton pending={pending}>{t("verify")}</SubmitButton>
      </div>
    </form>
  );
}
