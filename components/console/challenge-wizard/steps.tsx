"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { EVALUATOR_TYPES, SUCCESS_TYPES } from "@/lib/contracts/evaluation";
import { CHALLENGE_STRATEGIES } from "@/lib/contracts/scoring";
import { DIFFICULTIES } from "@/lib/validation/challenges";
import type { ChallengeFormValues, PluginOption } from "../challenge-defaults";
import styles from "../console.module.css";
import { CheckboxField, SelectField, TextAreaField } from "../fields";
import { GuestFields } from "./extra-fields";
import w from "./wizard.module.css";

// The panels of the new-challenge wizard. Every field stays in the one form (a hidden step still
// submits its values); the wizard only decides which panel shows.

export interface TemplateCard {
  id: string;
  name: string;
  description: string;
  defenses: string[];
  defaults: { name: string; goal: string; description: string; difficulty: string; points: number };
}

type Errors = Record<string, string[] | undefined>;

export function StartStep({
  templates,
  template,
  onPick,
}: {
  templates: TemplateCard[];
  template: string;
  onPick: (id: string) => void;
}) {
  const t = useTranslations("consolePages.challengeWizard");
  const options = [
    { id: "", name: t("blankName"), description: t("blankDescription"), defenses: [] as string[] },
    ...templates,
  ];
  return (
    <fieldset className={w.cards}>
      <legend className="visually-hidden">{t("startTitle")}</legend>
      {options.map((o) => (
        <label
          key={o.id || "blank"}
          className={w.card}
          data-selected={template === o.id || undefined}
          data-testid={`template-${o.id || "blank"}`}
        >
          <input
            type="radio"
            name="template"
            value={o.id}
            checked={template === o.id}
            onChange={() => onPick(o.id)}
          />
          <span className={w.cardName}>{o.name}</span>
          <span className={w.cardText}>{o.description}</span>
          {o.defenses.length > 0 ? (
            <span className={w.cardMeta}>{t("templateDefenses", { list: o.defenses.join(" → ") })}</span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}

export function BasicsStep({ c, e }: { c: ChallengeFormValues; e: Errors }) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <>
      <Field
        id="challenge-name"
        name="name"
        label={t("name")}
        required
        maxLength={120}
        defaultValue={c.name}
        error={e.name}
      />
      <TextAreaField
        id="challenge-goal"
        name="goal"
        label={t("goal")}
        hint={t("goalHint")}
        rows={3}
        required
        maxLength={4000}
        defaultValue={c.goal}
        error={e.goal}
      />
      <TextAreaField
        id="challenge-description"
        name="description"
        label={t("description")}
        hint={t("descriptionHint")}
        rows={2}
        maxLength={2000}
        defaultValue={c.description ?? ""}
        error={e.description}
      />
      <div className={styles.grid2}>
        <SelectField
          id="challenge-difficulty"
          name="difficulty"
          label={t("difficulty")}
          defaultValue={c.difficulty}
          options={DIFFICULTIES.map((d) => ({ value: d, label: t(`difficulties.${d}`) }))}
          error={e.difficulty}
        />
        <Field
          id="challenge-points"
          name="points"
          type="number"
          inputMode="numeric"
          min={0}
          max={100000}
          label={t("points")}
          defaultValue={String(c.points)}
          error={e.points}
        />
      </div>
    </>
  );
}

export function SecretStep({
  c,
  e,
  plugins,
  fromTemplate,
}: {
  c: ChallengeFormValues;
  e: Errors;
  plugins: PluginOption[];
  fromTemplate: boolean;
}) {
  const t = useTranslations("consolePages.challengeForm");
  const tw = useTranslations("consolePages.challengeWizard");
  const [evaluatorType, setEvaluatorType] = useState(c.evaluator_type);
  const [successType, setSuccessType] = useState(c.success_type);
  const [evaluatorPlugin, setEvaluatorPlugin] = useState(c.evaluator_plugin_id ?? "");
  const evaluators = plugins.filter((p) => p.kind === "evaluator");
  const custom = evaluatorType === "custom" || successType === "custom";
  return (
    <>
      <div className={styles.grid2}>
        <Field
          id="challenge-secret"
          name="secret"
          type="password"
          autoComplete="new-password"
          label={t("secretSetLabel")}
          hint={fromTemplate ? tw("templateNeedsSecret") : undefined}
          required={fromTemplate}
          error={e.secret}
        />
        <Field
          id="challenge-secret-ref"
          name="secret_ref"
          label={t("secretRef")}
          hint={t("secretRefHint")}
          defaultValue={c.secret_ref ?? ""}
          error={e.secret_ref}
        />
      </div>
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
      ) : null}
      {custom ? (
        <div className={styles.grid2}>
          <SelectField
            id="challenge-evaluator-plugin"
            name="evaluator_plugin_id"
            label={t("evaluatorPlugin")}
            hint={evaluators.length === 0 ? t("noEvaluatorPlugins") : undefined}
            value={evaluatorPlugin}
            onChange={(event) => setEvaluatorPlugin(event.target.value)}
            options={[
              { value: "", label: t("choosePlugin") },
              ...evaluators.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
            ]}
            error={e.evaluator_plugin_id}
          />
          <SelectField
            id="challenge-evaluator-entrypoint"
            name="evaluator_entrypoint"
            label={t("entrypoint")}
            key={`ev-${evaluatorPlugin}`}
            options={[
              { value: "", label: t("defaultEntrypoint") },
              ...(evaluators.find((p) => p.pluginId === evaluatorPlugin)?.entrypoints ?? []).map((ep) => ({
                value: ep,
                label: ep,
              })),
            ]}
            error={e.evaluator_entrypoint}
          />
        </div>
      ) : null}
      {evaluatorType !== "rules" ? (
        <TextAreaField
          id="challenge-evaluator-config"
          name="evaluator_config"
          label={evaluatorType === "llm-judge" ? t("judgeConfig") : t("evaluatorConfig")}
          hint={evaluatorType === "llm-judge" ? t("judgeConfigHint") : t("pluginConfigHint")}
          rows={4}
          mono
          spellCheck={false}
          placeholder="{}"
          error={e.evaluator_config}
        />
      ) : null}
      <TextAreaField
        id="challenge-mask-variables"
        name="mask_variables"
        label={t("maskVariables")}
        hint={t("maskVariablesHint")}
        rows={2}
        mono
        defaultValue={c.mask_variables.join("\n")}
        error={e.mask_variables}
      />
    </>
  );
}

export function PlayStep({ c, e, plugins }: { c: ChallengeFormValues; e: Errors; plugins: PluginOption[] }) {
  const t = useTranslations("consolePages.challengeForm");
  const [strategy, setStrategy] = useState(c.scoring_strategy);
  const [scoringPlugin, setScoringPlugin] = useState(c.scoring_plugin_id ?? "");
  const scorers = plugins.filter((p) => p.kind === "scorer");
  return (
    <>
      <SelectField
        id="challenge-scoring-strategy"
        name="scoring_strategy"
        label={t("scoringStrategy")}
        value={strategy}
        onChange={(event) => setStrategy(event.target.value)}
        options={CHALLENGE_STRATEGIES.map((v) => ({ value: v, label: t(`strategies.${v}`) }))}
        error={e.scoring_strategy}
      />
      {strategy === "custom" ? (
        <>
          <div className={styles.grid2}>
            <SelectField
              id="challenge-scoring-plugin"
              name="scoring_plugin_id"
              label={t("scoringPlugin")}
              hint={scorers.length === 0 ? t("noScorerPlugins") : undefined}
              value={scoringPlugin}
              onChange={(event) => setScoringPlugin(event.target.value)}
              options={[
                { value: "", label: t("choosePlugin") },
                ...scorers.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
              ]}
              error={e.scoring_plugin_id}
            />
            <SelectField
              id="challenge-scoring-entrypoint"
              name="scoring_entrypoint"
              label={t("entrypoint")}
              key={`sc-${scoringPlugin}`}
              options={[
                { value: "", label: t("defaultEntrypoint") },
                ...(scorers.find((p) => p.pluginId === scoringPlugin)?.entrypoints ?? []).map((ep) => ({
                  value: ep,
                  label: ep,
                })),
              ]}
              error={e.scoring_entrypoint}
            />
          </div>
          <TextAreaField
            id="challenge-scoring-config"
            name="scoring_config"
            label={t("scoringConfig")}
            hint={t("pluginConfigHint")}
            rows={4}
            mono
            spellCheck={false}
            placeholder="{}"
            error={e.scoring_config}
          />
        </>
      ) : null}
      <div className={styles.grid2}>
        <Field
          id="challenge-max-attempts"
          name="max_attempts"
          type="number"
          inputMode="numeric"
          min={1}
          label={t("maxAttempts")}
          hint={t("maxAttemptsHint")}
          defaultValue={c.max_attempts === null ? "" : String(c.max_attempts)}
          error={e.max_attempts}
        />
        <Field
          id="challenge-cooldown"
          name="cooldown_seconds"
          type="number"
          inputMode="numeric"
          min={0}
          label={t("cooldown")}
          hint={t("cooldownHint")}
          defaultValue={String(c.cooldown_seconds)}
          error={e.cooldown_seconds}
        />
      </div>
      <GuestFields allowGuests={c.allow_guests} guestsOnBoards={c.guests_on_boards} />
      <CheckboxField
        id="challenge-active"
        name="is_active"
        label={t("isActive")}
        hint={t("isActiveHint")}
        defaultChecked={c.is_active}
      />
    </>
  );
}
