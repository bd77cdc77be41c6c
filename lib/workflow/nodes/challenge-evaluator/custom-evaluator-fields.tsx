"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { SelectField, TextField } from "@/components/builder/fields";
import { GoalField, str, type NodeEditorProps } from "@/components/builder/node-editor-kit";
import { compileConfigSchema } from "@/lib/contracts/plugins";
import styles from "@/components/builder/builder.module.css";

/** The custom mode: a workspace evaluator plugin, its entrypoint and its JSON config. */
export function CustomEvaluatorFields({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder.nodeTypes.challenge-evaluator");
  const plugins = ctx.options.plugins.filter((p) => p.kind === "evaluator");
  const pluginId = str(ctx.config.evaluator_plugin_id);
  const plugin = plugins.find((p) => p.pluginId === pluginId);
  const stored = ctx.config.evaluator_config;
  const [text, setText] = useState(() => (stored === undefined ? "" : JSON.stringify(stored, null, 2)));
  const compiled = useMemo(
    () => (plugin?.configSchema ? compileConfigSchema(plugin.configSchema) : null),
    [plugin?.configSchema],
  );
  const jsonProblem = useMemo(() => {
    if (text.trim() === "") return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return t("evaluator.jsonInvalid", { reason: err instanceof Error ? err.message : String(err) });
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return t("evaluator.jsonNotObject");
    if (compiled && !compiled.ok) return compiled.message;
    if (compiled?.ok) {
      const check = compiled.validate(value);
      if (!check.ok) return check.message;
    }
    return null;
  }, [text, compiled, t]);

  return (
    <>
      {plugins.length === 0 ? <p className={styles.fieldHint}>{t("evaluator.noPlugins")}</p> : null}
      <SelectField
        id={ctx.fieldId(["evaluator_plugin_id"])}
        label={t("evaluator.plugin")}
        value={pluginId}
        options={[
          { value: "", label: t("evaluator.pluginFromChallenge") },
          ...plugins.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
          ...(pluginId && !plugin
            ? [{ value: pluginId, label: t("evaluator.pluginMissing", { id: pluginId }) }]
            : []),
        ]}
        errors={ctx.errors(["evaluator_plugin_id"])}
        onChange={(v) => {
          ctx.set(["evaluator_plugin_id"], v === "" ? undefined : v);
          const next = plugins.find((p) => p.pluginId === v);
          ctx.set(["evaluator_entrypoint"], next?.entrypoints[0]);
        }}
      />
      {plugin ? (
        <SelectField
          id={ctx.fieldId(["evaluator_entrypoint"])}
          label={t("evaluator.entrypoint")}
          value={str(ctx.config.evaluator_entrypoint)}
          options={plugin.entrypoints.map((e) => ({ value: e, label: e }))}
          errors={ctx.errors(["evaluator_entrypoint"])}
          onChange={(v) => ctx.set(["evaluator_entrypoint"], v)}
        />
      ) : null}
      <TextField
        id={ctx.fieldId(["evaluator_config"])}
        label={t("evaluator.config")}
        hint={plugin?.configSchema ? t("evaluator.configSchemaHint") : t("evaluator.configHint")}
        multiline
        value={text}
        errors={[
          ...(jsonProblem ? [`evaluator_config: ${jsonProblem}`] : []),
          ...ctx.errors(["evaluator_config"]),
        ]}
        onChange={(v) => {
          setText(v);
          if (v.trim() === "") {
            ctx.set(["evaluator_config"], undefined);
            return;
          }
          try {
            const value: unknown = JSON.parse(v);
            if (typeof value === "object" && value !== null && !Array.isArray(value))
              ctx.set(["evaluator_config"], value);
          } catch {
            // Shown inline; the stored config keeps its last valid value.
          }
        }}
      />
      <GoalField ctx={ctx} />
    </>
  );
}
