"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { createEventCodeAction } from "@/app/console/[workspace]/event-codes/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./console.module.css";
import { FormStatus } from "./form-status";

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
        <Field
          id="event-name"
          name="name"
          label={t("nameLabel")}
          hint={t("nameHint")}
          required
          maxLength={80}
          error={state.fieldErrors?.name}
          defaultValue={state.values?.name}
        />
        <div className={styles.grid2}>
          <Field
            id="event-max-uses"
            name="max_uses"
            type="number"
            min={1}
            max={100000}
            inputMode="numeric"
            label={t("maxUsesLabel")}
            hint={t("maxUsesHint")}
            required
            error={state.fieldErrors?.max_uses}
            defaultValue={state.values?.max_uses ?? "40"}
          />
          <Field
            id="event-expires"
            name="expires_in_hours"
            type="number"
            min={1}
            max={2160}
            inputMode="numeric"
            label={t("expiresLabel")}
            hint={t("expiresHint")}
            required
            error={state.fieldErrors?.expires_in_hours}
            defaultValue={state.values?.expires_in_hours ?? "8"}
          />
        </div>
        <div>
          <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
