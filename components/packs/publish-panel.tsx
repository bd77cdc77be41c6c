"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState, useState, type ChangeEvent, type FormEvent } from "react";
import { packPanelAction } from "@/app/console/[workspace]/packs/actions";
import styles from "@/components/console/console.module.css";
import { TextAreaField } from "@/components/console/fields";
import { FormStatus } from "@/components/console/form-status";
import { submitWithoutReset } from "@/components/console/submit-without-reset";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import { MAX_PACK_BYTES } from "@/lib/contracts/packs";
import type { PackError } from "@/lib/packs/types";
import type { PublishResult } from "@/lib/services/packs";
import { PackErrorList } from "./pack-error-list";
import packStyles from "./packs.module.css";

/** What the panel's action answers: valid, the errors, or the published version's ids. */
export type PackPanelResult =
  { kind: "valid" } | { kind: "invalid"; errors: PackError[] } | { kind: "published"; result: PublishResult };

type State = FormState<PackPanelResult>;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

export function PublishPanel({ workspace }: { workspace: string }) {
  const t = useTranslations("consolePages.packs");
  const [state, dispatch, pending] = useActionState(packPanelAction, { status: "idle" } as State);
  const [yaml, setYaml] = useState("");
  // Refusals decided in the browser (too large, unreadable file), shown like a server refusal.
  const [local, setLocal] = useState<{ message: string; at: number } | null>(null);
  const send = submitWithoutReset(dispatch);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (byteLength(yaml) > MAX_PACK_BYTES) {
      event.preventDefault();
      setLocal({ message: t("tooLarge", { limit: "1 MiB" }), at: Date.now() });
      return;
    }
    setLocal(null);
    send(event);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (file.size > MAX_PACK_BYTES) {
      setLocal({ message: t("fileTooLarge", { name: file.name, limit: "1 MiB" }), at: Date.now() });
      return;
    }
    try {
      setYaml(await file.text());
      setLocal(null);
    } catch {
      setLocal({ message: t("fileUnreadable", { name: file.name }), at: Date.now() });
    }
  }

  // A local refusal replaces the last answer until the next submit.
  const shown: State = local ? { status: "error", message: local.message, at: local.at } : state;
  const data = !local && state.status === "success" ? state.data : undefined;

  return (
    <div className="stack">
      <form onSubmit={onSubmit} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <div className={packStyles.fileRow}>
          <label htmlFor="pack-file">{t("fileLabel")}</label>
          <input
            id="pack-file"
            type="file"
            accept=".yaml,.yml,application/yaml,text/yaml,text/plain"
            onChange={onFile}
          />
        </div>
        <TextAreaField
          id="pack-yaml"
          name="yaml"
          label={t("yamlLabel")}
          hint={t("yamlHint")}
          rows={18}
          mono
          spellCheck={false}
          value={yaml}
          onChange={(e) => setYaml(e.currentTarget.value)}
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
