"use client";

import { useTranslations } from "next-intl";
import type { FieldErrors } from "@/lib/contracts/forms";
import type { PluginOption } from "../challenge-defaults";
import styles from "../console.module.css";
import { SelectField } from "../fields";

// A custom evaluator's or scorer's plugin and entrypoint, side by side. The caller keeps the chosen
// plugin (so it survives the picker being hidden and shown again); the entrypoint list follows it.

const KINDS = {
  evaluator: {
    prefix: "evaluator",
    key: "ev",
    label: "evaluatorPlugin",
    none: "noEvaluatorPlugins",
  },
  scorer: {
    prefix: "scoring",
    key: "sc",
    label: "scoringPlugin",
    none: "noScorerPlugins",
  },
} as const;

export function PluginPicker({
  kind,
  plugins,
  plugin,
  onPluginChange,
  entrypoint,
  e,
}: {
  kind: PluginOption["kind"];
  plugins: PluginOption[];
  /** The chosen plugin id ("" for none). */
  plugin: string;
  onPluginChange: (pluginId: string) => void;
  /** The stored entrypoint, the default of its select. */
  entrypoint: string | null;
  e: FieldErrors;
}) {
  const t = useTranslations("consolePages.challengeForm");
  const k = KINDS[kind];
  const list = plugins.filter((p) => p.kind === kind);
  return (
    <div className={styles.grid2}>
      <SelectField
        id={`challenge-${k.prefix}-plugin`}
        name={`${k.prefix}_plugin_id`}
        label={t(k.label)}
        hint={list.length === 0 ? t(k.none) : undefined}
        value={plugin}
        onChange={(event) => onPluginChange(event.target.value)}
        options={[
          { value: "", label: t("choosePlugin") },
          ...list.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
        ]}
        error={e[`${k.prefix}_plugin_id`]}
      />
      <SelectField
        id={`challenge-${k.prefix}-entrypoint`}
        name={`${k.prefix}_entrypoint`}
        label={t("entrypoint")}
        defaultValue={entrypoint ?? ""}
        key={`${k.key}-${plugin}`}
        options={[
          { value: "", label: t("defaultEntrypoint") },
          ...(list.find((p) => p.pluginId === plugin)?.entrypoints ?? []).map((ep) => ({
            value: ep,
            label: ep,
          })),
        ]}
        error={e[`${k.prefix}_entrypoint`]}
      />
    </div>
  );
}
