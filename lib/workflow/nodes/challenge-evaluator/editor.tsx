"use client";

import { useTranslations } from "next-intl";
import { CheckboxField, SelectField, TextField } from "@/components/builder/fields";
import {
  JudgeSettings,
  SecretAsHintField,
  str,
  type NodeEditorProps,
} from "@/components/builder/node-editor-kit";
import { Button } from "@/components/ui/button";
import { JudgeConsensusFields } from "@/lib/workflow/nodes/judging-llm/consensus-fields";
import { CustomEvaluatorFields } from "./custom-evaluator-fields";
import { challengeEvaluatorConfigSchema, EVALUATION_MODES, type EvaluationMode } from "./definition";
import styles from "@/components/builder/builder.module.css";

const STRATEGIES = challengeEvaluatorConfigSchema.shape.scoring_strategy.unwrap().options;

export function ChallengeEvaluatorEditor({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder.nodeTypes.challenge-evaluator");
  const challenge = ctx.options.challenge;
  const explicitMode = EVALUATION_MODES.find((m) => m === ctx.config.evaluation_mode);
  const mode: EvaluationMode =
    explicitMode ?? EVALUATION_MODES.find((m) => m === challenge.evaluatorType) ?? "rules";
  const tabId = (m: EvaluationMode) => `${ctx.fieldId(["evaluation_mode"])}-${m}`;
  const strategy = STRATEGIES.find((s) => s === ctx.config.scoring_strategy);
  const effectiveStrategy = strategy ?? challenge.scoringStrategy;

  return (
    <>
      <div className={styles.field}>
        <span className={styles.label} id={`${ctx.fieldId(["evaluation_mode"])}-label`}>
          {t("evaluator.mode")}
        </span>
        <div
          role="tablist"
          aria-labelledby={`${ctx.fieldId(["evaluation_mode"])}-label`}
          className={styles.tabs}
        >
          {EVALUATION_MODES.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={tabId(m)}
              aria-selected={mode === m}
              aria-controls={`${tabId(m)}-panel`}
              className={styles.tab}
              onClick={() => ctx.set(["evaluation_mode"], m)}
            >
              {t(`evaluator.modes.${m}`)}
            </button>
          ))}
        </div>
        <p className={styles.fieldHint}>
          {explicitMode
            ? t("evaluator.modeExplicit")
            : t("evaluator.modeFromChallenge", { mode: t(`evaluator.modes.${mode}`) })}
        </p>
        {explicitMode ? (
          <Button size="sm" variant="ghost" onClick={() => ctx.set(["evaluation_mode"], undefined)}>
            {t("evaluator.useChallengeMode")}
          </Button>
        ) : null}
      </div>

      <div
        role="tabpanel"
        id={`${tabId(mode)}-panel`}
        aria-labelledby={tabId(mode)}
        className={styles.tabPanel}
      >
        {mode === "rules" ? <RulesFields ctx={ctx} /> : null}
        {mode === "llm-judge" ? (
          <>
            <p className={styles.fieldHint}>{t("evaluator.judgeInputsHint")}</p>
            <JudgeSettings ctx={ctx} maxTokensKey="judge_max_tokens" />
            {/* Unset means "give it" (the default), as on the Judging LLM node. */}
            <SecretAsHintField
              ctx={ctx}
              onChange={(v) => ctx.set(["secret_as_hint"], v ? undefined : false)}
            />
            <JudgeConsensusFields ctx={ctx} inherit />
          </>
        ) : null}
        {mode === "custom" ? <CustomEvaluatorFields ctx={ctx} /> : null}
      </div>

      <TextField
        id={ctx.fieldId(["mask_variables"])}
        label={t("maskVariables")}
        hint={t("maskVariablesHint")}
        value={
          Array.isArray(ctx.config.mask_variables) ? (ctx.config.mask_variables as string[]).join(", ") : ""
        }
        errors={ctx.errors(["mask_variables"])}
        onChange={(v) =>
          ctx.set(
            ["mask_variables"],
            v
              .split(/[,\n]/)
              .map((s) => s.trim())
              .filter((s, i, all) => s !== "" || i === all.length - 1)
              .filter(Boolean),
          )
        }
      />

      <section className={styles.subsection} aria-labelledby={`${ctx.fieldId(["scoring"])}-h`}>
        <h4 id={`${ctx.fieldId(["scoring"])}-h`}>{t("scoring.title")}</h4>
        <SelectField
          id={ctx.fieldId(["scoring_strategy"])}
          label={t("scoring.strategy")}
          value={strategy ?? ""}
          options={[
            {
              value: "",
              label: t("scoring.fromChallenge", {
                strategy: t(`scoring.strategies.${challenge.scoringStrategy}`),
              }),
            },
            ...STRATEGIES.map((s) => ({ value: s, label: t(`scoring.strategies.${s}`) })),
          ]}
          errors={ctx.errors(["scoring_strategy"])}
          onChange={(v) => ctx.set(["scoring_strategy"], v === "" ? undefined : v)}
        />
        {effectiveStrategy === "custom" ? (
          <p className={styles.fieldHint} data-testid="custom-scorer">
            {challenge.scoringPlugin
              ? t("scoring.customPlugin", { plugin: challenge.scoringPlugin })
              : t("scoring.customNoPlugin")}
          </p>
        ) : null}
      </section>
    </>
  );
}

function RulesFields({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder.nodeTypes.challenge-evaluator");
  const source: "run" | "challenge" | "inline" =
    typeof ctx.config.challenge_id === "string" ? "challenge" : ctx.config.success_type ? "inline" : "run";
  const others = ctx.options.challenges.filter((c) => c.id !== ctx.options.challenge.id);
  const setSource = (next: typeof source) => {
    ctx.set(["challenge_id"], next === "challenge" ? (others[0]?.id ?? ctx.options.challenge.id) : undefined);
    if (next !== "inline") {
      ctx.set(["success_type"], undefined);
      ctx.set(["success_pattern"], undefined);
    } else {
      ctx.set(["success_type"], "regex");
      ctx.set(["success_pattern"], "");
    }
  };
  return (
    <>
      <SelectField
        id={ctx.fieldId(["criteria"])}
        label={t("evaluator.criteria")}
        value={source}
        options={[
          { value: "run", label: t("evaluator.criteriaRun", { name: ctx.options.challenge.name }) },
          { value: "challenge", label: t("evaluator.criteriaChallenge") },
          { value: "inline", label: t("evaluator.criteriaInline") },
        ]}
        onChange={setSource}
      />
      {source === "challenge" ? (
        <SelectField
          id={ctx.fieldId(["challenge_id"])}
          label={t("evaluator.challenge")}
          value={str(ctx.config.challenge_id)}
          options={ctx.options.challenges.map((c) => ({ value: c.id, label: c.name }))}
          errors={ctx.errors(["challenge_id"])}
          onChange={(v) => ctx.set(["challenge_id"], v)}
        />
      ) : null}
      {source === "inline" ? (
        <>
          <SelectField
            id={ctx.fieldId(["success_type"])}
            label={t("evaluator.successType")}
            value={(str(ctx.config.success_type) || "regex") as "regex" | "contains"}
            options={[
              { value: "regex", label: t("evaluator.successTypes.regex") },
              { value: "contains", label: t("evaluator.successTypes.contains") },
            ]}
            errors={ctx.errors(["success_type"])}
            onChange={(v) => ctx.set(["success_type"], v)}
          />
          <TextField
            id={ctx.fieldId(["success_pattern"])}
            label={t("evaluator.successPattern")}
            hint={t("evaluator.successPatternHint")}
            value={str(ctx.config.success_pattern)}
            errors={ctx.errors(["success_pattern"])}
            onChange={(v) => ctx.set(["success_pattern"], v)}
          />
        </>
      ) : null}
      <CheckboxField
        id={ctx.fieldId(["disguised_forms"])}
        label={t("evaluator.disguisedForms")}
        hint={t("evaluator.disguisedFormsHint")}
        checked={ctx.config.disguised_forms === true}
        errors={ctx.errors(["disguised_forms"])}
        onChange={(v) => ctx.set(["disguised_forms"], v ? true : undefined)}
      />
    </>
  );
}
