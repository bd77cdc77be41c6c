"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState, useState, type ChangeEvent, type FormEvent } from "react";
import { packImportAction } from "@/app/console/[workspace]/packs/actions";
import styles from "@/components/console/console.module.css";
import { TextAreaField } from "@/components/console/fields";
import { FormStatus } from "@/components/console/form-status";
import { submitWithoutReset } from "@/components/console/submit-without-reset";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import type { PackImportResult } from "@/lib/contracts/pack-convert";
import { MAX_PACK_BYTES } from "@/lib/contracts/packs";
import type { PackError } from "@/lib/packs/types";
import { PackErrorList } from "./pack-error-list";
import packStyles from "./packs.module.css";

/** What the import action answers: the challenges it created, or the pack's errors. */
export type PackImportPanelResult =
  { kind: "imported"; challenges: PackImportResult["challenges"] } | { kind: "invalid"; errors: PackError[] };

type State = FormState<PackImportPanelResult>;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** "Import as challenges": a pack (file or pasted YAML) → draft challenges of the workspace. */
export function ImportPanel({ workspace }: { workspace: string }) {
  const t = useTranslations("consolePages.packConvert");
  const tp = useTranslations("consolePages.packs");
  const [state, dispatch, pending] = useActionState(packImportAction, { status: "idle" } as State);
  const [yaml, setYaml] = useState("");
  const [local, setLocal] = useState<{ message: string; at: number } | null>(null);
  const send = submitWithoutReset(dispatch);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (byteLength(yaml) > MAX_PACK_BYTES) {
      event.preventDefault();
      setLocal({ message: tp("tooLarge", { limit: "1 MiB" }), at: Date.now() });
      return;
    }
    setLocal(null);
    send(event);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (file.size > MAX_PACK_BYTES) {
      setLocal({ message: tp("fileTooLarge", { name: file.name, limit: "1 MiB" }), at: Date.now() });
      return;
    }
    try {
      setYaml(await file.text());
      setLocal(null);
    } catch {
      setLocal({ message: tp("fileUnreadable", { name: file.name }), at: Date.now() });
    }
  }

  const shown: State = local ? { status: "error", message: local.message, at: local.at } : state;
  const data = !local && state.status === "success" ? state.data : undefined;

  return (
    <div className="stack">
      <form onSubmit={onSubmit} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <div className={packStyles.fileRow}>
          <label htmlFor="import-pack-file">{t("importFileLabel")}</label>
          <input
            id="import-pack-file"
            type="file"
            accept=".yaml,.yml,application/yaml,text/yaml,text/plain"
            onChange={onFile}
          />
        </div>
        <TextAreaField
          id="import-pack-yaml"
          name="yaml"
          label={t("importYamlLabel")}
          hint={t("importYamlHint")}
          rows={12}
          mono
          spellCheck={false}
          value={yaml}
          onChange={(e) => setYaml(e.currentTarget.value)}
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
