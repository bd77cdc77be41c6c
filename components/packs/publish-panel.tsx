"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { packPanelAction } from "@/app/console/[workspace]/packs/actions";
import styles from "@/components/console/console.module.css";
import { FormStatus } from "@/components/console/form-status";
import { submitWithoutReset } from "@/components/console/submit-without-reset";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import type { PublishResult } from "@/lib/services/packs";
import { PackErrorList } from "./pack-error-list";
import type { PackPanelResult } from "./types";
import packStyles from "./packs.module.css";
import { useYamlDraft, YamlDraftFields } from "./yaml-draft";

type State = FormState<PackPanelResult>;

export function PublishPanel({ workspace, example }: { workspace: string; example?: string }) {
  const t = useTranslations("consolePages.packs");
  const [state, dispatch, pending] = useActionState(packPanelAction, { status: "idle" } as State);
  const { yaml, setYaml, onSubmit, onFile, shown, data } = useYamlDraft(state, submitWithoutReset(dispatch));

  return (
    <div className="stack">
      <form onSubmit={onSubmit} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <YamlDraftFields
          idPrefix="pack"
          fileLabel={t("fileLabel")}
          yamlLabel={t("yamlLabel")}
          yamlHint={t("yamlHint")}
          rows={18}
          yaml={yaml}
          setYaml={setYaml}
          onFile={onFile}
          example={example}
        />
        <div className={packStyles.buttons}>
          <SubmitButton name="intent" value="validate" variant="secondary" pending={pending}>
            {t("validate")}
          </SubmitButton>
          <SubmitButton name="intent" value="publish" pending={pending}>
            {t("publish")}
          </SubmitButton>
        </div>
      </form>
      <div data-testid="pack-panel-result">
        <FormStatus state={shown.status === "error" ? shown : { status: "idle" }} />
        {data?.kind === "valid" ? (
          <Alert key={state.at} tone="success" title={t("valid")}>
            {t("validDetail")}
          </Alert>
        ) : null}
        {data?.kind === "invalid" ? <PackErrorList key={state.at} errors={data.errors} /> : null}
        {data?.kind === "published" ? (
          <Published key={state.at} workspace={workspace} result={data.result} />
        ) : null}
      </div>
    </div>
  );
}

function Published({ workspace, result }: { workspace: string; result: PublishResult }) {
  const t = useTranslations("consolePages.packs");
  return (
    <Alert
      tone="success"
      title={
        result.created
          ? t("publishedNew", { number: result.version_number })
          : t("publishedSame", { number: result.version_number })
      }
    >
      <dl className={packStyles.ids} data-testid="pack-published-ids">
        <dt>{t("idPack")}</dt>
        <dd>
          <code>{result.challenge_pack_id}</code>
        </dd>
        <dt>{t("idVersion")}</dt>
        <dd>
          <code>{result.challenge_pack_version_id}</code>
        </dd>
        <dt>{t("idEvaluationSpec")}</dt>
        <dd>
          <code>{result.evaluation_spec_id}</code>
        </dd>
        <dt>{t("idInputSets")}</dt>
        <dd>
          {result.input_set_ids.map((id) => (
            <code key={id} className={packStyles.idLine}>
              {id}
            </code>
          ))}
        </dd>
      </dl>
      <p>
        <Link href={`/console/${workspace}/packs/${result.challenge_pack_id}`}>{t("openPack")}</Link>
      </p>
    </Alert>
  );
}
