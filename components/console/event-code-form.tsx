"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { createEventCodeAction } from "@/app/console/[workspace]/event-codes/actions";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./console.module.css";
import { FormStatus } from "./form-status";
import { NameStateField, NumberStateField } from "./state-field";

type State = Awaited<ReturnType<typeof createEventCodeAction>>;

/** Creates an event code; the new invite link is shown to copy. */
export function CreateEventCodeForm({ workspace, appUrl }: { workspace: string; appUrl: string }) {
  const t = useTranslations("consolePages.eventCodes");
  const [state, formAction, pending] = useActionState(createEventCodeAction, { status: "idle" } as State);
  const code = state.status === "success" ? state.data?.code : undefined;
  const link = code ? `${appUrl.replace(/\/+$/, "")}/register?${new URLSearchParams({ event: code })}` : "";

  return (
    <div className="stack">
      {code ? (
        <Alert tone="success" title={t("createdTitle")}>
          <p>{t("createdBody")}</p>
          <output className={styles.tokenValue} data-testid="new-event-link">
            {link}
          </output>
        </Alert>
      ) : (
        <FormStatus state={state} />
      )}
      <form key={state.at ?? 0} action={formAction} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <NameStateField id="event-name" state={state} label={t("nameLabel")} hint={t("nameHint")} />
        <div className={styles.grid2}>
          <NumberStateField
            id="event-max-uses"
            state={state}
            name="max_uses"
            min={1}
            max={100000}
            label={t("maxUsesLabel")}
            hint={t("maxUsesHint")}
            required
            initial="40"
          />
          <NumberStateField
            id="event-expires"
            state={state}
            name="expires_in_hours"
            min={1}
            max={2160}
            label={t("expiresLabel")}
            hint={t("expiresHint")}
            required
            initial="8"
          />
        </div>
        <div>
          <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
