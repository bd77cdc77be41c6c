"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { unsubscribeAction } from "@/app/notifications/unsubscribe/actions";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";

/** A POST behind a button: mail scanners that follow the link do not unsubscribe anyone. */
export function UnsubscribeForm({ token }: { token: string }) {
  const t = useTranslations("player.unsubscribe");
  const [state, formAction, pending] = useActionState(unsubscribeAction, idleFormState);

  if (state.status === "success") {
    return (
      <Alert tone="success">
        {state.message} <Link href="/settings">{t("settingsLink")}</Link>
      </Alert>
    );
  }
  return (
    <form action={formAction} className="stack" aria-busy={pending || undefined}>
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <div>
        <SubmitButton pending={pending}>{t("confirm")}</SubmitButton>
      </div>
    </form>
  );
}
