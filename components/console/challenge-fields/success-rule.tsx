"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/contracts/forms";
import { EVALUATOR_TYPES, SUCCESS_TYPES } from "@/lib/contracts/evaluation";
import type { ChallengeFormValues, PluginOption } from "../challenge-defaults";
import styles from "../console.module.css";
import { SelectField, TextAreaField } from "../fields";
import { PluginPicker } from "./plugin-picker";

// How a challenge decides success: the evaluator and success types, then what they need (a
// pattern, a custom evaluator plugin, a judge or plugin config).

const JUDGE_EXAMPLE = JSON.stringify({ pass_threshold: 5, rating_scale: 10 }, null, 2);

export const jsonText = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v, null, 2) : "");

export function SuccessRuleFields({
  c,
  e,
  plugins,
  keepHiddenPattern = false,
  configRows,
  judgeExample = false,
}: {
  c: ChallengeFormValues;
  e: FieldErrors;
  plugins: PluginOption[];
  /** Submit the stored pattern in a hidden input while the pattern field is not shown. */
  keepHiddenPattern?: boolean;
  configRows: number;
  /** An example judge config as the placeholder of an LLM judge's config ("{}" otherwise). */
  judgeExample?: boolean;
}) {
  const t = useTranslations("consolePages.challengeForm");
  const [evaluatorType, setEvaluatorType] = useState(c.evaluator_type);
  const [successType, setSuccessType] = useState(c.success_type);
  const [evaluatorPlugin, setEvaluatorPlugin] = useState(c.evaluator_plugin_id ?? "");
  const judge = evaluatorType === "llm-judge";
  return (
    <>
      <div className={styles.grid2}>
        <SelectField
          id="challenge-evaluator-type"
          name="evaluator_type"
          label={t("evaluatorType")}
          value={evaluatorType}
          onChange={(event) => setEvaluatorType(event.target.value)}
          options={EVALUATOR_TYPES.map((v) => ({ value: v, label: t(`evaluatorTypes.${v}`) }))}
          error={e.evaluator_type}
        />
        <SelectField
          id="challenge-success-type"
          name="success_type"
          label={t("successType")}
          value={successType}
          onChange={(event) => setSuccessType(event.target.value)}
          options={SUCCESS_TYPES.map((v) => ({ value: v, label: t(`successTypes.${v}`) }))}
          error={e.success_type}
        />
      </div>
      {evaluatorType === "rules" && successType !== "custom" ? (
        <Field
          id="challenge-success-pattern"
          name="success_pattern"
          label={t("successPattern")}
          hint={successType === "regex" ? t("successPatternRegexHint") : t("successPatternContainsHint")}
          spellCheck={false}
          defaultValue={c.success_pattern ?? ""}
          error={e.success_pattern}
        />
      ) : keepHiddenPattern ? (
        <input type="hidden" name="success_pattern" value={c.success_pattern ?? ""} />
      ) : null}
      {evaluatorType === "custom" || successType === "custom" ? (
        <PluginPicker
          kind="evaluator"
          plugins={plugins}
          plugin={evaluatorPlugin}
          onPluginChange={setEvaluatorPlugin}
          entrypoint={c.evaluator_entrypoint}
          e={e}
        />
      ) : null}
      {evaluatorType !== "rules" ? (
        <TextAreaField
          id="challenge-evaluator-config"
          name="evaluator_config"
          label={judge ? t("judgeConfig") : t("evaluatorConfig")}
          hint={judge ? t("judgeConfigHint") : t("pluginConfigHint")}
          rows={configRows}
          mono
          spellCheck={false}
          placeholder={judge && judgeExample ? JUDGE_EXAMPLE : "{}"}
          defaultValue={jsonText(c.evaluator_config)}
          error={e.evaluator_config}
        />
      ) : null}
    </>
  );
}
