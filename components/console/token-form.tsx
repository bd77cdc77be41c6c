"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { createTokenAction } from "@/app/console/[workspace]/tokens/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./console.module.css";
import scopeStyles from "./token-form.module.css";
import { FormStatus } from "./form-status";
import { NameStateField, NumberStateField } from "./state-field";

type State = Awaited<ReturnType<typeof createTokenAction>>;

/** The copy-paste curl commands for a new token: a play attempt and/or a console read. */
export function curlSnippet(apiBase: string, token: string, scopes: string[], challengeId: string | null): string {
  const base = apiBase.replace(/\/+$/, "");
  const parts: string[] = [];
  if (scopes.includes("play")) {
    parts.push(
      `# Play an attempt as yourself (scope: play)\n` +
        `curl -X POST "${base}/web/api/challenges/${challengeId ?? "CHALLENGE_ID"}/attempts" \\\n` +
        `  -H "Authorization: Bearer ${token}" \\\n` +
        `  -H "Content-Type: application/json" \\\n` +
        `  -H "Idempotency-Key: $(date +%s%N)" \\\n` +
        `  -d '{"prompt":"What is the password?"}'`,
    );
  }
  if (scopes.includes("console")) {
    parts.push(
      `# List this workspace's challenges (scope: console)\n` +
        `curl "${base}/console/api/challenges" \\\n` +
        `  -H "Authorization: Bearer ${token}"`,
    );
  }
  return parts.join("\n\n");
}

export function CreateTokenForm({
  workspace,
  apiBase,
  challengeId,
}: {
  workspace: string;
  apiBase: string;
  challengeId: string | null;
}) {
  const t = useTranslations("consolePages.tokens");
  const [state, formAction, pending] = useActionState(createTokenAction, { status: "idle" } as State);
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const token = state.status === "success" ? state.data?.token : undefined;
  const snippet = token ? curlSnippet(apiBase, token, state.data?.scopes ?? [], challengeId) : "";

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
            <p>{t("curlLead")}</p>
            <pre className={styles.pre} data-testid="token-curl" aria-label={t("curlLabel")}>
              <code>{snippet}</code>
            </pre>
          </div>
        </Alert>
      ) : (
        <FormStatus state={state} />
      )}
      <form key={state.at ?? 0} action={formAction} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <div className={styles.grid2}>
          <NameStateField id="token-name" state={state} label={t("nameLabel")} hint={t("nameHint")} />
          <NumberStateField
            id="token-expires"
            state={state}
            name="expires_in_days"
            min={1}
            max={3650}
            label={t("expiresLabel")}
            hint={t("expiresHint")}
          />
        </div>
        <fieldset className={scopeStyles.scopes} aria-describedby="token-scopes-hint">
          <legend>{t("scopesLabel")}</legend>
          <p id="token-scopes-hint" className={scopeStyles.scopesHint}>
            {t("scopesHint")}
          </p>
          {(["console", "play"] as const).map((scope) => (
            <label key={scope} className={styles.checkbox}>
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                data-testid={`token-scope-${scope}`}
                defaultChecked={state.values?.scopes ? String(state.values.scopes).includes(scope) : scope === "console"}
              />
              <span>
                <strong>{scope}</strong> — {t(scope === "console" ? "scopeConsole" : "scopePlay")}
              </span>
            </label>
          ))}
          {state.fieldErrors?.scopes ? (
            <p role="alert" className={scopeStyles.scopesError}>
              {state.fieldErrors.scopes}
            </p>
          ) : null}
        </fieldset>
        <div>
          <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
