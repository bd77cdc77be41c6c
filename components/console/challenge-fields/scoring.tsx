"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/contracts/forms";
import { MAX_REPRODUCE_RUNS, MIN_REPRODUCE_RUNS } from "@/lib/contracts/challenges";
import { CHALLENGE_STRATEGIES } from "@/lib/contracts/scoring";
import type { ChallengeFormValues, PluginOption } from "../challenge-defaults";
import styles from "../console.module.css";
import { SelectField, TextAreaField } from "../fields";
import { PluginPicker } from "./plugin-picker";
import { jsonText } from "./success-rule";

// How a challenge ranks its players (a custom strategy names a scorer plugin), how often they may
// try, and whether a win must reproduce before it counts.

type Props = { c: ChallengeFormValues; e: FieldErrors };

export function ScoringFields({ c, e, plugins }: Props & { plugins: PluginOption[] }) {
  const t = useTranslations("consolePages.challengeForm");
  const [strategy, setStrategy] = useState(c.scoring_strategy);
  const [scoringPlugin, setScoringPlugin] = useState(c.scoring_plugin_id ?? "");
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
          <PluginPicker
            kind="scorer"
            plugins={plugins}
            plugin={scoringPlugin}
            onPluginChange={setScoringPlugin}
            entrypoint={c.scoring_entrypoint}
            e={e}
          />
          <TextAreaField
            id="challenge-scoring-config"
            name="scoring_config"
            label={t("scoringConfig")}
            hint={t("pluginConfigHint")}
            rows={4}
            mono
            spellCheck={false}
            placeholder="{}"
            defaultValue={jsonText(c.scoring_config)}
            error={e.scoring_config}
          />
        </>
      ) : null}
    </>
  );
}

/** Maximum attempts and the cooldown between them, side by side; then reproduction. */
export function AttemptLimitFields({ c, e }: Props) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <>
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
      <ReproduceFields c={c} e={e} />
    </>
  );
}

/** Reproduce before it counts: off, or k runs of a win of which m must win. */
function ReproduceFields({ c, e }: Props) {
  const t = useTranslations("consolePages.challengeForm");
  const [runs, setRuns] = useState(c.reproduce_runs === null ? "" : String(c.reproduce_runs));
  const counts = Array.from(
    { length: MAX_REPRODUCE_RUNS - MIN_REPRODUCE_RUNS + 1 },
    (_, i) => MIN_REPRODUCE_RUNS + i,
  );
  return (
    <div className={styles.grid2}>
      <SelectField
        id="challenge-reproduce-runs"
        name="reproduce_runs"
        label={t("reproduceRuns")}
        hint={t("reproduceRunsHint")}
        value={runs}
        onChange={(event) => setRuns(event.target.value)}
        options={[
          { value: "", label: t("reproduceOff") },
          ...counts.map((k) => ({ value: String(k), label: t("reproduceRunsValue", { runs: k }) })),
        ]}
        error={e.reproduce_runs}
      />
      {runs !== "" ? (
        <Field
          id="challenge-reproduce-wins"
          name="reproduce_wins"
          type="number"
          inputMode="numeric"
          min={1}
          max={Number(runs)}
          label={t("reproduceWins")}
          hint={t("reproduceWinsHint", { runs: Number(runs) })}
          defaultValue={c.reproduce_wins === null ? "" : String(c.reproduce_wins)}
          error={e.reproduce_wins}
        />
      ) : null}
    </div>
  );
}
