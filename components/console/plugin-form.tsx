"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { createPluginAction, updatePluginAction } from "@/app/console/[workspace]/plugins/actions";
import { Field } from "@/components/ui/field";
import { SIMPLE_EVALUATOR, WEIGHTED_SCORER } from "@/lib/evaluation/sandbox/examples";
import { compileConfigSchema } from "@/lib/contracts/plugins";
import styles from "./console.module.css";
import { SelectField, TextAreaField } from "./fields";
import { FormShell, useCreateOrUpdate } from "./form-shell";

const TEMPLATES = { evaluator: SIMPLE_EVALUATOR, scorer: WEIGHTED_SCORER } as const;
type Kind = keyof typeof TEMPLATES;

export interface PluginFormValues {
  id?: string;
  pluginId: string;
  name: string;
  kind: Kind;
  entrypoints: string[];
  code: string;
  configSchema: Record<string, unknown> | null;
}

/** Live check of the config schema text: JSON syntax, then a real JSON Schema compile (same as the server). */
function schemaProblem(text: string, invalidJson: string): string | null {
  if (text.trim() === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalidJson;
  }
  const compiled = compileConfigSchema(parsed);
  return compiled.ok ? null : compiled.message;
}

export function PluginForm({ workspace, plugin }: { workspace: string; plugin?: PluginFormValues }) {
  const t = useTranslations("consolePages.plugins");
  const editing = plugin?.id !== undefined;
  const { state, updateState, pending, submit } = useCreateOrUpdate(createPluginAction, updatePluginAction, editing);

  const [kind, setKind] = useState<Kind>(plugin?.kind ?? "evaluator");
  const [code, setCode] = useState(plugin?.code ?? TEMPLATES.evaluator.code);
  const [schema, setSchema] = useState(
    plugin ? (plugin.configSchema ? JSON.stringify(plugin.configSchema, null, 2) : "") : JSON.stringify(TEMPLATES.evaluator.configSchema, null, 2),
  );
  const [entrypoints, setEntrypoints] = useState((plugin?.entrypoints ?? []).join("\n"));
  const schemaIssue = useMemo(() => schemaProblem(schema, t("schemaInvalidJson")), [schema, t]);
  const e = state.fieldErrors ?? {};

  function changeKind(next: Kind) {
    // Swap the starting template while the author has not changed it.
    if (!editing && code === TEMPLATES[kind].code) setCode(TEMPLATES[next].code);
    if (!editing && schema === JSON.stringify(TEMPLATES[kind].configSchema, null, 2)) {
      setSchema(JSON.stringify(TEMPLATES[next].configSchema, null, 2));
    }
    setKind(next);
  }

  const success =
    editing && updateState.status === "success" && updateState.data ? t("saved", { version: updateState.data.version }) : undefined;

  return (
    <FormShell
      workspace={workspace}
      id={plugin?.id}
      onSubmit={submit}
      state={state}
      success={success}
      pending={pending}
      submitLabel={editing ? t("save") : t("create")}
      layout="plain"
    >
      <div className={styles.grid2}>
        <Field
          id="plugin-slug"
          name="plugin_id"
          label={t("slugLabel")}
          hint={t("slugHint")}
          required
          maxLength={64}
          defaultValue={plugin?.pluginId}
          readOnly={editing}
          error={e.plugin_id}
        />
        <Field
          id="plugin-name"
          name="name"
          label={t("nameLabel")}
          required
          maxLength={80}
          defaultValue={plugin?.name}
          error={e.name}
        />
      </div>
      <div className={styles.grid2}>
        <SelectField
          id="plugin-kind"
          name="kind"
          label={t("kindLabel")}
          value={kind}
          disabled={editing}
          onChange={(event) => changeKind(event.target.value === "scorer" ? "scorer" : "evaluator")}
          error={e.kind}
          options={[
            { value: "evaluator", label: t("kindEvaluator") },
            { value: "scorer", label: t("kindScorer") },
          ]}
        />
        <TextAreaField
          id="plugin-entrypoints"
          name="entrypoints"
          label={t("entrypointsLabel")}
          hint={t("entrypointsHint")}
          rows={2}
          mono
          value={entrypoints}
          onChange={(event) => setEntrypoints(event.target.value)}
          error={e.entrypoints}
        />
      </div>
      <TextAreaField
        id="plugin-code"
        name="code"
        label={t("codeLabel")}
        hint={t("codeHint")}
        rows={16}
        mono
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={e.code}
      />
      <TextAreaField
        id="plugin-schema"
        name="config_schema"
        label={t("schemaLabel")}
        hint={t("schemaHint")}
        rows={8}
        mono
        spellCheck={false}
        value={schema}
        onChange={(event) => setSchema(event.target.value)}
        error={schemaIssue ?? e.config_schema}
      />
    </FormShell>
  );
}
