"use client";

import { useTranslations } from "next-intl";
import { NumberField, SelectField, TextField } from "@/components/builder/fields";
import type { NodeEditorProps } from "@/components/builder/node-editor-kit";
import { MAX_EXTRA_JUDGE_MODELS, MAX_JUDGE_SAMPLES } from "@/lib/contracts/evaluation";
import { JUDGE_AGGREGATIONS, type JudgeAggregation } from "@/lib/evaluation/consensus";
import styles from "@/components/builder/builder.module.css";

/**
 * Consensus judging: samples, extra judge models, aggregation and minimum agreement. `inherit`:
 * an unset field means the challenge's setting (Prompt Challenge node), so the select offers it.
 */
export function JudgeConsensusFields({ ctx, inherit = false }: NodeEditorProps & { inherit?: boolean }) {
  const t = useTranslations("builder.nodeTypes.judging-llm.consensus");
  const models = Array.isArray(ctx.config.judge_models) ? (ctx.config.judge_models as string[]) : [];
  const aggregation = JUDGE_AGGREGATIONS.find((a) => a === ctx.config.judge_aggregation);
  return (
    <section className={styles.subsection} aria-labelledby={`${ctx.fieldId(["consensus"])}-h`}>
      <h4 id={`${ctx.fieldId(["consensus"])}-h`}>{t("title")}</h4>
      <p className={styles.fieldHint}>{t("hint")}</p>
      <div className={styles.row}>
        <NumberField
          id={ctx.fieldId(["judge_samples"])}
          label={t("samples")}
          min={1}
          max={MAX_JUDGE_SAMPLES}
          value={ctx.config.judge_samples}
          errors={ctx.errors(["judge_samples"])}
          onChange={(v) => ctx.set(["judge_samples"], v)}
        />
        <NumberField
          id={ctx.fieldId(["min_agreement"])}
          label={t("minAgreement")}
          min={0}
          max={1}
          step={0.05}
          value={ctx.config.min_agreement}
          errors={ctx.errors(["min_agreement"])}
          onChange={(v) => ctx.set(["min_agreement"], v)}
        />
      </div>
      <TextField
        id={ctx.fieldId(["judge_models"])}
        label={t("models")}
        hint={t("modelsHint", { max: MAX_EXTRA_JUDGE_MODELS })}
        value={models.join(", ")}
        errors={ctx.errors(["judge_models"])}
        onChange={(v) => {
          const refs = v
            .split(/[,\n]/)
            .map((s) => s.trim())
            .filter(Boolean);
          ctx.set(["judge_models"], inherit && refs.length === 0 ? undefined : refs);
        }}
      />
      <SelectField<JudgeAggregation | "">
        id={ctx.fieldId(["judge_aggregation"])}
        label={t("aggregation")}
        hint={t("aggregationHint")}
        value={aggregation ?? (inherit ? "" : "median")}
        options={[
          ...(inherit ? [{ value: "" as const, label: t("fromChallenge") }] : []),
          ...JUDGE_AGGREGATIONS.map((a) => ({ value: a, label: t(`aggregations.${a}`) })),
        ]}
        errors={ctx.errors(["judge_aggregation"])}
        onChange={(v) => ctx.set(["judge_aggregation"], v === "" ? undefined : v)}
      />
      {inherit ? <p className={styles.fieldHint}>{t("inheritHint")}</p> : null}
    </section>
  );
}
