"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { sendLoginCodeAction, verifyLoginCodeAction } from "@/app/(auth)/actions";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import { AuthFormHead, EmailField } from "./auth-form";
import { CodeStepFields } from "./code-step";

/** Two steps: ask for a code, then verify it. "Use a different email" starts over with fresh state. */
export function CodeLoginForm({ next, event }: { next: string; event?: string | undefined }) {
  const [round, setRound] = useState(0);
  return (
    <CodeLoginSteps key={round} next={next} event={event} focusEmail={round > 0} onRestart={() => setRound((r) => r + 1)} />
  );
}

function CodeLoginSteps({
  next,
  event,
  focusEmail,
  onRestart,
}: {
  next: string;
  event?: string | undefined;
  focusEmail: boolean;
  onRestart: () => void;
}) {
  const t = useTranslations("auth.code");
  const [sendState, sendAction, sending] = useActionState(sendLoginCodeAction, idleFormState);
  const [verifyState, verifyAction, verifying] = useActionState(verifyLoginCodeAction, idleFormState);
  const [email, setEmail] = useState("");

  const sentTo = sendState.status === "success" ? (sendState.data?.email ?? email) : null;

  if (sentTo === null) {
    return (
      <form action={sendAction} noValidate className="stack" aria-busy={sending || undefined}>
        <AuthFormHead state={sendState} event={event} />
        <EmailField
          id="code-email"
          label={t("emailLabel")}
          hint={t("emailHint")}
          autoComplete="username"
          autoFocus={focusEmail}
          value={email}
          onValueChange={setEmail}
          error={sendState.fieldErrors?.email}
        />
        <div>
          <SubmitButton pending={sending} variant="secondary">
            {t("send")}
          </SubmitButton>
        </div>
      </form>
    );
  }

  return (
    <form action={verifyAction} noValidate className="stack" aria-busy={verifying || sending || undefined}>
      {/* The code step stays while the send succeeded; any message from verifying is an error. */}
      <CodeStepFields fieldId="login-code" notice={t("sent", { email: sentTo })} email={sentTo} next={next} event={event} state={verifyState} />
      <div className="cluster">
        <SubmitButton pending={verifying}>{t("verify")}</SubmitButton>
        <SubmitButton pending={sending} variant="ghost" formAction={sendAction} formNoValidate>
          {t("resend")}
        </SubmitButton>
        <Button variant="ghost" onClick={onRestart}>
          {t("differentEmail")}
        </Button>
      </div>
    </form>
  );
}
