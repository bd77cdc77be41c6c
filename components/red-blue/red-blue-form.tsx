"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { createRedBlueAction, updateRedBlueAction } from "@/app/console/[workspace]/red-blue/actions";
import type { PluginOption } from "@/components/console/challenge-defaults";
import styles from "@/components/console/console.module.css";
import { CheckboxField, SelectField, TextAreaField } from "@/components/console/fields";
import { FormShell, useEditorForm } from "@/components/console/form-shell";
import { MarkdownEditor } from "@/components/console/markdown-editor";
import { ThemeCard } from "@/components/console/theme-card";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import {
  RED_BLUE_JUDGE_AGGREGATIONS,
  RED_BLUE_STRATEGIES,
  SELECTION_POLICIES,
  UTILITY_GATE_MODES,
  type JudgeCategory,
  type RedBlueSettings,
  type RedBlueStrategy,
  type SelectionPolicy,
} from "@/lib/contracts/red-blue";
import { MAX_EXTRA_JUDGE_MODELS, MAX_JUDGE_SAMPLES } from "@/lib/contracts/evaluation";
import { JudgeSuiteEditor } from "./judge-suite-editor";

export interface RedBlueFormValues {
  id?: string;
  name: string;
  description: string | null;
  instructions_md: string | null;
  theme: Record<string, string> | null;
  workflow_id: string | null;
  judge_suite: JudgeCategory[];
  defense_selection_policy: SelectionPolicy;
  attack_selection_policy: SelectionPolicy;
  scoring_strategy: RedBlueStrategy;
  is_active: boolean;
  settings: RedBlueSettings;
}

export interface RedBlueFormOptions {
  models: { value: string; label: string }[];
  /** Names of the workspace's secrets (never values). */
  secrets: string[];
  workflows: { id: string; label: string }[];
  scorers: PluginOption[];
}

// The numeric settings: one descriptor each, rendered by one map (labels are message keys).
const LIMIT_FIELDS = [
  { id: "rb-max-prompt", name: "max_prompt_chars", min: 50, max: 20000, label: "maxPromptChars" },
  { id: "rb-max-output", name: "max_output_tokens", min: 16, max: 4000, label: "maxOutputTokens" },
  {
    id: "rb-rate",
    name: "submissions_per_minute",
    min: 1,
    max: 600,
    label: "submissionsPerMinute",
    hint: "submissionsPerMinuteHint",
  },
] as const;
const THRESHOLD_FIELD = {
  id: "rb-threshold",
  name: "pass_threshold",
  min: 1,
  max: 10,
  label: "passThreshold",
  hint: "passThresholdHint",
} as const;
const PANEL_FIELDS = [
  {
    id: "rb-judge-samples",
    name: "judge_samples",
    min: 1,
    max: MAX_JUDGE_SAMPLES,
    label: "judgeSamples",
    hint: "judgeSamplesHint",
  },
  {
    id: "rb-min-agreement",
    name: "min_agreement",
    step: "any",
    min: 0,
    max: 1,
    label: "minAgreement",
    hint: "minAgreementHint",
  },
] as const;
const PENALTY_FIELDS = [
  {
    id: "rb-time-penalty",
    name: "time_penalty_per_second",
    step: "any",
    min: 0,
    max: 10,
    label: "timePenalty",
    hint: "timePenaltyHint",
  },
  {
    id: "rb-token-penalty",
    name: "token_penalty_per_1k",
    step: "any",
    min: 0,
    max: 10,
    label: "tokenPenalty",
    hint: "tokenPenaltyHint",
  },
] as const;
type NumberFieldSpec =
  | (typeof LIMIT_FIELDS)[number]
  | typeof THRESHOLD_FIELD
  | (typeof PANEL_FIELDS)[number]
  | (typeof PENALTY_FIELDS)[number];

/** The model choices, with the current value kept even when it is no longer offered. */
function modelChoices(models: RedBlueFormOptions["models"], current: string, missing: (v: string) => string) {
  return models.some((m) => m.value === current)
    ? models
    : [{ value: current, label: missing(current) }, ...models];
}

export function RedBlueForm({
  workspace,
  challenge,
  options,
  imageHosts,
}: {
  workspace: string;
  challenge: RedBlueFormValues;
  options: RedBlueFormOptions;
  imageHosts?: readonly string[];
}) {
  const t = useTranslations("consolePages.redBlue.form");
  const editing = challenge.id !== undefined;
  const { e, shell } = useEditorForm(createRedBlueAction, updateRedBlueAction, editing, {
    saved: t("saved"),
    save: t("save"),
    create: t("create"),
  });
  const s = challenge.settings;
  const [strategy, setStrategy] = useState<string>(challenge.scoring_strategy);
  const policyOptions = SELECTION_POLICIES.map((p) => ({ value: p, label: t(`policies.${p}`) }));
  const missingModel = (v: string) => t("unlistedModel", { model: v });
  const numberField = (f: NumberFieldSpec) => (
    <Field
      key={f.name}
      id={f.id}
      name={f.name}
      type="number"
      step={"step" in f ? f.step : undefined}
      min={f.min}
      max={f.max}
      label={t(f.label)}
      hint={"hint" in f ? t(f.hint, { max: f.max }) : undefined}
      defaultValue={s[f.name]}
      error={e[f.name]}
    />
  );

  return (
    <FormShell workspace={workspace} id={challenge.id} {...shell} testId="red-blue-form">
      <Card title={t("detailsTitle")} headingLevel={2}>
        <Field
          id="rb-name"
          name="name"
          label={t("name")}
          required
          maxLength={200}
          defaultValue={challenge.name}
          error={e.name}
        />
        <TextAreaField
          id="rb-description"
          name="description"
          label={t("description")}
          rows={2}
          maxLength={2000}
          defaultValue={challenge.description ?? ""}
          error={e.description}
        />
        <CheckboxField
          id="rb-active"
          name="is_active"
          label={t("isActive")}
          hint={t("isActiveHint")}
          defaultChecked={challenge.is_active}
        />
        <SelectField
          id="rb-workflow"
          name="workflow_id"
          label={t("workflow")}
          hint={options.workflows.length === 0 ? t("noWorkflows") : t("workflowHint")}
          defaultValue={challenge.workflow_id ?? ""}
          options={[
            { value: "", label: t("noWorkflow") },
            ...options.workflows.map((w) => ({ value: w.id, label: w.label })),
          ]}
          error={e.workflow_id}
        />
      </Card>

      <Card title={t("instructionsTitle")} headingLevel={2}>
        <MarkdownEditor
          id="rb-instructions"
          name="instructions_md"
          label={t("instructions")}
          hint={t("instructionsHint")}
          maxLength={20_000}
          defaultValue={challenge.instructions_md ?? ""}
          error={e.instructions_md}
          imageHosts={imageHosts}
        />
      </Card>

      <Card title={t("modelTitle")} description={t("modelLead")} headingLevel={2}>
        <div className={styles.grid2}>
          <SelectField
            id="rb-model"
            name="model"
            label={t("model")}
            hint={t("modelHint")}
            defaultValue={s.model}
            options={modelChoices(options.models, s.model, missingModel)}
            error={e.model}
          />
          <SelectField
            id="rb-judge-model"
            name="judge_model"
            label={t("judgeModel")}
            hint={t("judgeModelHint")}
            defaultValue={s.judge_model}
            options={modelChoices(options.models, s.judge_model, missingModel)}
            error={e.judge_model}
          />
        </div>
        <SelectField
          id="rb-secret"
          name="secret_ref"
          label={t("secret")}
          hint={options.secrets.length === 0 ? t("noSecrets") : t("secretHint")}
          defaultValue={s.secret_ref ?? ""}
          options={[
            { value: "", label: t("noSecret") },
            ...(s.secret_ref && !options.secrets.includes(s.secret_ref)
              ? [{ value: s.secret_ref, label: t("missingSecret", { name: s.secret_ref }) }]
              : []),
            ...options.secrets.map((n) => ({ value: n, label: n })),
          ]}
          error={e.secret_ref}
        />
        <div className={styles.grid2}>
          <Field
            id="rb-secret-name"
            name="secret_name"
            label={t("secretName")}
            hint={t("secretNameHint")}
            maxLength={60}
            defaultValue={s.secret_name ?? ""}
            error={e.secret_name}
          />
          <Field
            id="rb-secret-description"
            name="secret_description"
            label={t("secretDescription")}
            hint={t("secretDescriptionHint")}
            maxLength={300}
            defaultValue={s.secret_description ?? ""}
            error={e.secret_description}
          />
        </div>
        <div className={styles.grid2}>{LIMIT_FIELDS.map(numberField)}</div>
      </Card>

      <Card title={t("suiteTitle")} description={t("suiteLead")} headingLevel={2}>
        <JudgeSuiteEditor initial={challenge.judge_suite} error={e.judge_suite} />
        {numberField(THRESHOLD_FIELD)}
        <h3>{t("panelTitle")}</h3>
        <p className="muted">{t("panelLead")}</p>
        <div className={styles.grid2}>{PANEL_FIELDS.map(numberField)}</div>
        <div className={styles.grid2}>
          <Field
            id="rb-judge-models"
            name="judge_models"
            label={t("judgeModels")}
            hint={t("judgeModelsHint", { max: MAX_EXTRA_JUDGE_MODELS })}
            defaultValue={s.judge_models.join(", ")}
            error={e.judge_models}
          />
          <SelectField
            id="rb-judge-aggregation"
            name="judge_aggregation"
            label={t("judgeAggregation")}
            hint={t("judgeAggregationHint")}
            defaultValue={s.judge_aggregation}
            options={RED_BLUE_JUDGE_AGGREGATIONS.map((a) => ({ value: a, label: t(`aggregations.${a}`) }))}
            error={e.judge_aggregation}
          />
        </div>
      </Card>

      <Card title={t("pairingTitle")} description={t("pairingLead")} headingLevel={2}>
        <div className={styles.grid2}>
          <SelectField
            id="rb-defense-policy"
            name="defense_selection_policy"
            label={t("defensePolicy")}
            hint={t("defensePolicyHint")}
            defaultValue={challenge.defense_selection_policy}
            options={policyOptions}
            error={e.defense_selection_policy}
          />
          <SelectField
            id="rb-attack-policy"
            name="attack_selection_policy"
            label={t("attackPolicy")}
            hint={t("attackPolicyHint")}
            defaultValue={challenge.attack_selection_policy}
            options={policyOptions}
            error={e.attack_selection_policy}
          />
        </div>
        <CheckboxField
          id="rb-reveal"
          name="reveal_after_round"
          label={t("reveal")}
          hint={t("revealHint")}
          defaultChecked={s.reveal_after_round}
        />
      </Card>

      <Card title={t("scoringTitle")} description={t("scoringLead")} headingLevel={2}>
        <SelectField
          id="rb-strategy"
          name="scoring_strategy"
          label={t("strategy")}
          value={strategy}
          onChange={(event) => setStrategy(event.target.value)}
          options={RED_BLUE_STRATEGIES.map((v) => ({ value: v, label: t(`strategies.${v}`) }))}
          error={e.scoring_strategy}
        />
        <CheckboxField
          id="rb-severity"
          name="severity_bonus"
          label={t("severityBonus")}
          hint={t("severityBonusHint")}
          defaultChecked={s.severity_bonus}
        />
        <div className={styles.grid2}>{PENALTY_FIELDS.map(numberField)}</div>
        {strategy === "custom" ? (
          <>
            <SelectField
              id="rb-plugin"
              name="scoring_plugin_id"
              label={t("scorer")}
              hint={options.scorers.length === 0 ? t("noScorers") : t("scorerHint")}
              defaultValue={s.scoring_plugin_id ?? ""}
              options={[
                { value: "", label: t("chooseScorer") },
                ...options.scorers.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
              ]}
              error={e.scoring_plugin_id}
            />
            <TextAreaField
              id="rb-scoring-config"
              name="scoring_config"
              label={t("scorerConfig")}
              hint={t("scorerConfigHint")}
              rows={4}
              mono
              placeholder="{}"
              defaultValue={s.scoring_config ? JSON.stringify(s.scoring_config, null, 2) : ""}
              error={e.scoring_config}
            />
          </>
        ) : null}
      </Card>

      <Card title={t("utilityTitle")} description={t("utilityLead")} headingLevel={2}>
        <TextAreaField
          id="rb-utility-prompts"
          name="utility_prompts"
          label={t("utilityPrompts")}
          hint={t("utilityPromptsHint")}
          rows={4}
          defaultValue={s.utility_gate.prompts.join("\n")}
          error={e.utility_prompts}
        />
        <SelectField
          id="rb-utility-mode"
          name="utility_mode"
          label={t("utilityMode")}
          defaultValue={s.utility_gate.mode}
          options={UTILITY_GATE_MODES.map((m) => ({ value: m, label: t(`utilityModes.${m}`) }))}
          error={e.utility_mode}
        />
      </Card>

      <ThemeCard
        title={t("appearanceTitle")}
        description={t("appearanceLead")}
        id="rb-theme"
        workspace={workspace}
        initial={challenge.theme}
        error={e.theme}
      />
    </FormShell>
  );
}
