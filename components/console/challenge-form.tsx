"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { createChallengeAction, updateChallengeAction } from "@/app/console/[workspace]/challenges/actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { EVALUATOR_TYPES, SUCCESS_TYPES } from "@/lib/contracts/evaluation";
import { CHALLENGE_STRATEGIES } from "@/lib/contracts/scoring";
import { DIFFICULTIES, MAX_INSTRUCTIONS_CHARS } from "@/lib/validation/challenges";
import { AssetUpload, type UploadedAsset } from "./asset-upload";
import type { ChallengeFormValues, PluginOption } from "./challenge-defaults";
import styles from "./console.module.css";
import { CheckboxField, SelectField, TextAreaField } from "./fields";
import { GuestSettingsFields } from "./guest-settings-fields";
import { FormStatus } from "./form-status";
import { MarkdownEditor } from "./markdown-editor";
import { submitWithoutReset } from "./submit-without-reset";
import { ThemeEditor } from "./theme-editor";

const JUDGE_EXAMPLE = JSON.stringify({ pass_threshold: 5, rating_scale: 10 }, null, 2);
const jsonText = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v, null, 2) : "");

type State = Awaited<ReturnType<typeof updateChallengeAction>>;

export function ChallengeForm({
  workspace,
  challenge,
  plugins,
  imageHosts,
}: {
  workspace: string;
  challenge: ChallengeFormValues;
  plugins: PluginOption[];
  imageHosts?: readonly string[];
}) {
  const t = useTranslations("consolePages.challengeForm");
  const editing = challenge.id !== undefined;
  const [createState, createAction, creating] = useActionState(createChallengeAction, { status: "idle" } as State);
  const [updateState, updateAction, updating] = useActionState(updateChallengeAction, { status: "idle" } as State);
  const state = editing ? updateState : createState;
  const pending = editing ? updating : creating;
  const e = state.fieldErrors ?? {};

  const [evaluatorType, setEvaluatorType] = useState(challenge.evaluator_type);
  const [successType, setSuccessType] = useState(challenge.success_type);
  const [strategy, setStrategy] = useState(challenge.scoring_strategy);
  const [difficulty, setDifficulty] = useState(challenge.difficulty);
  const [evaluatorPlugin, setEvaluatorPlugin] = useState(challenge.evaluator_plugin_id ?? "");
  const [scoringPlugin, setScoringPlugin] = useState(challenge.scoring_plugin_id ?? "");
  const [themeDirty, setThemeDirty] = useState(false);
  const [hero, setHero] = useState<{ id: string; url: string; type: string } | null>(
    challenge.hero_asset_id && challenge.hero_asset_url
      ? { id: challenge.hero_asset_id, url: challenge.hero_asset_url, type: challenge.hero_asset_type ?? "image/png" }
      : null,
  );

  const evaluators = plugins.filter((p) => p.kind === "evaluator");
  const scorers = plugins.filter((p) => p.kind === "scorer");
  const pluginOptions = (list: PluginOption[]) => [
    { value: "", label: t("choosePlugin") },
    ...list.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
  ];
  const entrypointOptions = (list: PluginOption[], slug: string) => [
    { value: "", label: t("defaultEntrypoint") },
    ...(list.find((p) => p.pluginId === slug)?.entrypoints ?? []).map((ep) => ({ value: ep, label: ep })),
  ];
  const customEvaluator = evaluatorType === "custom" || successType === "custom";
  const usesPattern = evaluatorType === "rules" && successType !== "custom";

  return (
    <form
      onSubmit={submitWithoutReset(editing ? updateAction : createAction)}
      noValidate
      className="stack-lg"
      aria-busy={pending || undefined}
      data-testid="challenge-form"
    >
      <input type="hidden" name="workspace" value={workspace} />
      {editing ? <input type="hidden" name="id" value={challenge.id} /> : null}

      <Card title={t("basics")} headingLevel={2}>
        <Field id="challenge-name" name="name" label={t("name")} required maxLength={120} defaultValue={challenge.name} error={e.name} />
        <TextAreaField
          id="challenge-description"
          name="description"
          label={t("description")}
          hint={t("descriptionHint")}
          rows={2}
          maxLength={2000}
          defaultValue={challenge.description ?? ""}
          error={e.description}
        />
        <TextAreaField
          id="challenge-goal"
          name="goal"
          label={t("goal")}
          hint={t("goalHint")}
          rows={3}
          required
          maxLength={4000}
          defaultValue={challenge.goal}
          error={e.goal}
        />
        <div className={styles.grid2}>
          <SelectField
            id="challenge-difficulty"
            name="difficulty"
            label={t("difficulty")}
            value={difficulty}
            onChange={(event) => setDifficulty(event.target.value)}
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
            defaultValue={String(challenge.points)}
            error={e.points}
          />
        </div>
        <CheckboxField
          id="challenge-active"
          name="is_active"
          label={t("isActive")}
          hint={t("isActiveHint")}
          defaultChecked={challenge.is_active}
        />
        <GuestSettingsFields allowGuests={challenge.allow_guests} guestsOnBoards={challenge.guests_on_boards} />
      </Card>

      <Card title={t("successTitle")} description={t("successLead")} headingLevel={2}>
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
        {usesPattern ? (
          <Field
            id="challenge-success-pattern"
            name="success_pattern"
            label={t("successPattern")}
            hint={successType === "regex" ? t("successPatternRegexHint") : t("successPatternContainsHint")}
            spellCheck={false}
            defaultValue={challenge.success_pattern ?? ""}
            error={e.success_pattern}
          />
        ) : (
          <input type="hidden" name="success_pattern" value={challenge.success_pattern ?? ""} />
        )}
        {customEvaluator ? (
          <div className={styles.grid2}>
            <SelectField
              id="challenge-evaluator-plugin"
              name="evaluator_plugin_id"
              label={t("evaluatorPlugin")}
              hint={evaluators.length === 0 ? t("noEvaluatorPlugins") : undefined}
              value={evaluatorPlugin}
              onChange={(event) => setEvaluatorPlugin(event.target.value)}
              options={pluginOptions(evaluators)}
              error={e.evaluator_plugin_id}
            />
            <SelectField
              id="challenge-evaluator-entrypoint"
              name="evaluator_entrypoint"
              label={t("entrypoint")}
              defaultValue={challenge.evaluator_entrypoint ?? ""}
              key={`ev-${evaluatorPlugin}`}
              options={entrypointOptions(evaluators, evaluatorPlugin)}
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
            rows={5}
            mono
            spellCheck={false}
            placeholder={evaluatorType === "llm-judge" ? JUDGE_EXAMPLE : "{}"}
            defaultValue={jsonText(challenge.evaluator_config)}
            error={e.evaluator_config}
          />
        ) : null}
      </Card>

      <Card title={t("secretTitle")} description={t("secretLead")} headingLevel={2}>
        <p>
          {challenge.has_secret ? (
            <Badge data-testid="secret-status">{t("secretSet")}</Badge>
          ) : (
            <span className="muted" data-testid="secret-status">
              {t("secretNotSet")}
            </span>
          )}
        </p>
        <div className={styles.grid2}>
          <Field
            id="challenge-secret"
            name="secret"
            type="password"
            autoComplete="new-password"
            label={challenge.has_secret ? t("secretReplace") : t("secretSetLabel")}
            hint={t("secretHint")}
            error={e.secret}
          />
          <Field
            id="challenge-secret-ref"
            name="secret_ref"
            label={t("secretRef")}
            hint={t("secretRefHint")}
            defaultValue={challenge.secret_ref ?? ""}
            error={e.secret_ref}
          />
        </div>
        <TextAreaField
          id="challenge-mask-variables"
          name="mask_variables"
          label={t("maskVariables")}
          hint={t("maskVariablesHint")}
          rows={2}
          mono
          defaultValue={challenge.mask_variables.join("\n")}
          error={e.mask_variables}
        />
      </Card>

      <Card title={t("scoringTitle")} headingLevel={2}>
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
                options={pluginOptions(scorers)}
                error={e.scoring_plugin_id}
              />
              <SelectField
                id="challenge-scoring-entrypoint"
                name="scoring_entrypoint"
                label={t("entrypoint")}
                defaultValue={challenge.scoring_entrypoint ?? ""}
                key={`sc-${scoringPlugin}`}
                options={entrypointOptions(scorers, scoringPlugin)}
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
              defaultValue={jsonText(challenge.scoring_config)}
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
            defaultValue={challenge.max_attempts === null ? "" : String(challenge.max_attempts)}
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
            defaultValue={String(challenge.cooldown_seconds)}
            error={e.cooldown_seconds}
          />
        </div>
      </Card>

      <Card title={t("instructionsTitle")} description={t("instructionsLead")} headingLevel={2}>
        <MarkdownEditor
          id="challenge-instructions"
          name="instructions_md"
          label={t("instructions")}
          hint={t("instructionsHint")}
          maxLength={MAX_INSTRUCTIONS_CHARS}
          defaultValue={challenge.instructions_md ?? ""}
          error={e.instructions_md}
          imageHosts={imageHosts}
        />
      </Card>

      <Card title={t("appearanceTitle")} description={t("appearanceLead")} headingLevel={2}>
        <input type="hidden" name="theme_dirty" value={themeDirty ? "1" : "0"} />
        <ThemeEditor id="challenge-theme" workspace={workspace} initial={challenge.theme} error={e.theme} onChange={() => setThemeDirty(true)} />
        <div className="stack">
          <h3 className={styles.subheading}>{t("hero")}</h3>
          <p className="muted">{t("heroHint")}</p>
          <input type="hidden" name="hero_asset_id" value={hero?.id ?? ""} />
          {hero ? (
            <div className="stack" data-testid="hero-preview">
              {hero.type.startsWith("video/") ? (
                <video src={hero.url} className={styles.heroPreview} controls muted />
              ) : (
                // eslint-disable-next-line @next/next/no-img-element -- a signed, expiring asset URL
                <img src={hero.url} alt={t("heroAlt")} className={styles.heroPreview} />
              )}
              <div>
                <Button variant="ghost" size="sm" onClick={() => setHero(null)}>
                  {t("heroRemove")}
                </Button>
              </div>
            </div>
          ) : null}
          <AssetUpload
            workspace={workspace}
            accept="image/png,image/jpeg,image/webp,image/gif,video/mp4,video/webm"
            label={hero ? t("heroReplace") : t("heroUpload")}
            onUploaded={(asset: UploadedAsset) => setHero({ id: asset.id, url: asset.url, type: asset.mime_type })}
          />
          {e.hero_asset_id ? <p className={styles.issues}>{e.hero_asset_id.join(" ")}</p> : null}
        </div>
      </Card>

      <div className={styles.formFooter}>
        <FormStatus state={state} success={t("saved")} />
        <div>
          <SubmitButton pending={pending}>{editing ? t("save") : t("create")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
