"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { packImportAction } from "@/app/console/[workspace]/packs/actions";
import styles from "@/components/console/console.module.css";
import { FormStatus } from "@/components/console/form-status";
import { submitWithoutReset } from "@/components/console/submit-without-reset";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import { PackErrorList } from "./pack-error-list";
import type { PackImportPanelResult } from "./types";
import packStyles from "./packs.module.css";
import { useYamlDraft, YamlDraftFields } from "./yaml-draft";

type State = FormState<PackImportPanelResult>;

/** "Import as challenges": a pack (file or pasted YAML) → draft challenges of the workspace. */
export function ImportPanel({ workspace, example }: { workspace: string; example?: string }) {
  const t = useTranslations("consolePages.packConvert");
  const [state, dispatch, pending] = useActionState(packImportAction, { status: "idle" } as State);
  const { yaml, setYaml, onSubmit, onFile, shown, data } = useYamlDraft(state, submitWithoutReset(dispatch));

  return (
    <div className="stack">
      <form onSubmit={onSubmit} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <YamlDraftFields
          idPrefix="import-pack"
          fileLabel={t("importFileLabel")}
          yamlLabel={t("importYamlLabel")}
          yamlHint={t("importYamlHint")}
          rows={12}
          yaml={yaml}
          setYaml={setYaml}
          onFile={onFile}
          example={example}
        />
        <div className={packStyles.buttons}>
          <SubmitButton pending={pending}>{t("import")}</SubmitButton>
        </div>
      </form>
      <div data-testid="pack-import-result">
        <FormStatus state={shown.status === "error" ? shown : { status: "idle" }} />
        {data?.kind === "invalid" ? <PackErrorList key={state.at} errors={data.errors} /> : null}
        {data?.kind === "imported" ? (
          <Alert key={state.at} tone="success" title={t("imported", { count: data.challenges.length })}>
            <ul className={packStyles.errors} data-testid="pack-imported">
              {data.challenges.map((c) => (
                <li key={c.id}>
                  <Link href={`/console/${workspace}/challenges/${c.id}`}>{c.title}</Link> (
                  <code>{c.slug}</code>)
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
