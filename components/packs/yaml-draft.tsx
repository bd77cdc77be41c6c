"use client";

import { useTranslations } from "next-intl";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { TextAreaField } from "@/components/console/fields";
import { Button } from "@/components/ui/button";
import type { FormState } from "@/lib/contracts/forms";
import { MAX_PACK_BYTES } from "@/lib/contracts/packs";
import packStyles from "./packs.module.css";

// A pack's YAML as the publish and import panels take it: a file picker filling a text area, a
// "Load example" button that puts the example pack (lib/packs/examples) in it, and the refusals
// decided in the browser (too large, unreadable) shown like a server refusal.

const byteLength = (text: string) => new TextEncoder().encode(text).length;

export function useYamlDraft<T>(state: FormState<T>, send: (event: FormEvent<HTMLFormElement>) => void) {
  const t = useTranslations("consolePages.packs");
  const [yaml, setYaml] = useState("");
  const [local, setLocal] = useState<{ message: string; at: number } | null>(null);

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
  const shown: FormState<T> = local ? { status: "error", message: local.message, at: local.at } : state;
  const data = !local && state.status === "success" ? state.data : undefined;
  return { yaml, setYaml, onSubmit, onFile, shown, data };
}

/** The file picker, the "Load example" button and the YAML text area of a pack form. */
export function YamlDraftFields(props: {
  idPrefix: string;
  fileLabel: string;
  yamlLabel: string;
  yamlHint: string;
  rows: number;
  yaml: string;
  setYaml: (yaml: string) => void;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void | Promise<void>;
  /** The example pack's YAML; without it there is no "Load example" button. */
  example?: string | undefined;
}) {
  const t = useTranslations("consolePages.packs");
  const [loaded, setLoaded] = useState(false);
  const { example, yaml, setYaml } = props;

  function loadExample() {
    if (example === undefined) return;
    // Ask before replacing a draft of the creator's own.
    if (yaml.trim() !== "" && yaml !== example && !window.confirm(t("loadExampleConfirm"))) return;
    setYaml(example);
    setLoaded(true);
  }

  return (
    <>
      <div className={packStyles.fileRow}>
        <label htmlFor={`${props.idPrefix}-file`}>{props.fileLabel}</label>
        <input
          id={`${props.idPrefix}-file`}
          type="file"
          accept=".yaml,.yml,application/yaml,text/yaml,text/plain"
          onChange={(e) => {
            setLoaded(false);
            void props.onFile(e);
          }}
        />
        {example !== undefined ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={loadExample}
            aria-describedby={`${props.idPrefix}-example-hint`}
            data-testid={`${props.idPrefix}-load-example`}
          >
            {t("loadExample")}
          </Button>
        ) : null}
      </div>
      {example !== undefined ? (
        <p id={`${props.idPrefix}-example-hint`} className={packStyles.hint}>
          {t("loadExampleHint")}
        </p>
      ) : null}
      <p role="status" className={packStyles.hint}>
        {loaded ? t("exampleLoaded") : null}
      </p>
      <TextAreaField
        id={`${props.idPrefix}-yaml`}
        name="yaml"
        label={props.yamlLabel}
        hint={props.yamlHint}
        rows={props.rows}
        mono
        spellCheck={false}
        value={yaml}
        onChange={(e) => {
          setLoaded(false);
          setYaml(e.currentTarget.value);
        }}
      />
    </>
  );
}
