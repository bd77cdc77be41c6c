"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { duplicateChallengeAction } from "@/app/console/[workspace]/challenges/actions";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";

/** "Duplicate challenge": the server action copies it and opens the copy. */
export function DuplicateChallengeButton({ workspace, id }: { workspace: string; id: string }) {
  const t = useTranslations("consolePages.challengeWizard");
  const [state, action, pending] = useActionState(duplicateChallengeAction, { status: "idle" } as FormState<{
    to: string;
  }>);
  return (
    <form action={action}>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton
        pending={pending}
        variant="secondary"
        title={t("duplicateLead")}
        data-testid="duplicate-challenge"
      >
        {t("duplicate")}
      </SubmitButton>
      {state.status === "error" && state.message ? (
        <Alert key={state.at} tone="error">
          {state.message}
        </Alert>
      ) : null}
    </form>
  );
}
