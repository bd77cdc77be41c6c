"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { createTokenAction } from "@/app/console/[workspace]/tokens/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./console.module.css";
import { FormStatus } from "./form-status";

type State = Awaited<ReturnType<typeof createTokenAction>>;

export function CreateTokenForm({ workspace }: { workspace: string }) {
  const t = useTranslations("consolePages.tokens");
  const [state, formAction, pending] = useActionState(createTokenAction, { status: "idle" } as State);
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const token = state.status === "success" ? state.data?.token : undefined;

  return (
    <div className="stack">
      {token ? (
        <Alert tone="success" title={t("createdTitle")}>
          <div className={styles.tokenReveal}>
            <p>{t("createdBody")}</p>
            <output aria-label={t("tokenLabel")} className={styles.tokenValue} data-testid="new-token">
              {token}
            </output>
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void navigator.clipboard?.writeText(token).then(() => setCopiedAt(state.at ?? 0))}
              >
                {copiedAt === (state.at ?? 0) ? t("copied") : t("copy")}
              </Button>
            </div>
          </div>
        </Alert>
      ) : (
        <FormStatus state={state} />
      )}
      <form key={state.at ?? 0} action={formAction} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <div className={styles.grid2}>
          <Field
            id="token-name"
            name="name"
            label={t("nameLabel")}
            hint={t("nameHint")}
            required
            maxLength={80}
            error={state.fieldErrors?.name}
            defaultValue={state.values?.name}
          />
          <Field
            id="token-expires"
            name="expires_in_days"
            type="number"
            min={1}
            max={3650}
            inputMode="numeric"
            label={t("expiresLabel")}
            hint={t("expiresHint")}
            error={state.fieldErrors?.expires_in_days}
            defaultValue={state.values?.expires_in_days}
          />
        </div>
        <div>
          <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
