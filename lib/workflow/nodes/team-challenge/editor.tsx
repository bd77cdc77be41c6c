"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField, TextField } from "@/components/builder/fields";
import { ModelField, str, type NodeEditorProps } from "@/components/builder/node-editor-kit";
import { RED_BLUE_STRATEGIES, SELECTION_POLICIES, type SelectionPolicy } from "@/lib/contracts/red-blue";
import { suiteFromText, suiteToText } from "./suite-text";
import styles from "@/components/builder/builder.module.css";

const policyOf = (v: unknown): SelectionPolicy => SELECTION_POLICIES.find((p) => p === v) ?? "latest_best";

export function TeamChallengeEditor({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder.nodeTypes.team-challenge");
  // Kept as typed (the config holds the parsed entries), so a half-written "key:" line survives.
  const [suite, setSuite] = useState(() => suiteToText(ctx.config.judge_suite));
  const strategy = RED_BLUE_STRATEGIES.find((s) => s === ctx.config.scoring_strategy) ?? "red_blue_ratio";
  const policyOptions = SELECTION_POLICIES.map((p) => ({ value: p, label: t(`policies.${p}`) }));

  return (
    <>
      <p className={styles.fieldHint} data-testid="team-challenge-help">
        {t("help")}
      </p>
      <TextField
        id={ctx.fieldId(["red_blue_challenge_id"])}
        label={t("challenge")}
        hint={t("challengeHint")}
        value={str(ctx.config.red_blue_challenge_id)}
        errors={ctx.errors(["red_blue_challenge_id"])}
        onChange={(v) => ctx.set(["red_blue_challenge_id"], v.trim() === "" ? undefined : v)}
      />
      <SelectField
        id={ctx.fieldId(["defense_selection_policy"])}
        label={t("defensePolicy")}
        hint={t("defensePolicyHint")}
        value={policyOf(ctx.config.defense_selection_policy)}
        options={policyOptions}
        errors={ctx.errors(["defense_selection_policy"])}
        onChange={(v) => ctx.set(["defense_selection_policy"], v)}
      />
      <SelectField
        id={ctx.fieldId(["attack_selection_policy"])}
        label={t("attackPolicy")}
        hint={t("attackPolicyHint")}
        value={policyOf(ctx.config.attack_selection_policy)}
        options={policyOptions}
        errors={ctx.errors(["attack_selection_policy"])}
        onChange={(v) => ctx.set(["attack_selection_policy"], v)}
      />
      <TextField
        id={ctx.fieldId(["judge_suite"])}
        label={t("judgeSuite")}
        hint={t("judgeSuiteHint")}
        multiline
        rows={4}
        value={suite}
        errors={ctx.errors(["judge_suite"])}
        onChange={(v) => {
          setSuite(v);
          ctx.set(["judge_suite"], suiteFromText(v));
        }}
      />
      <SelectField
        id={ctx.fieldId(["scoring_strategy"])}
        label={t("scoringStrategy")}
        hint={t("scoringHint")}
        value={strategy}
        options={RED_BLUE_STRATEGIES.map((s) => ({ value: s, label: t(`strategies.${s}`) }))}
        errors={ctx.errors(["scoring_strategy"])}
        onChange={(v) => ctx.set(["scoring_strategy"], v)}
      />
      <ModelField ctx={ctx} path={["test_model"]} label={t("testModel")} />
      <p className={styles.fieldHint}>{t("testModelHint")}</p>
    </>
  );
}
