"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/contracts/forms";
import { DIFFICULTIES } from "@/lib/contracts/challenges";
import type { ChallengeFormValues } from "../challenge-defaults";
import styles from "../console.module.css";
import { CheckboxField, SelectField, TextAreaField } from "../fields";

// The challenge's basics, shared by the edit form and the new-challenge wizard. All uncontrolled:
// the wizard's template picker writes into them directly.

type Props = { c: ChallengeFormValues; e: FieldErrors };

/** Name, description and goal (the wizard asks for the goal before the description), then
 *  difficulty and points side by side. */
export function BasicsFields({ c, e, goalFirst = false }: Props & { goalFirst?: boolean }) {
  return (
    <>
      <NameField c={c} e={e} />
      {goalFirst ? null : <DescriptionField c={c} e={e} />}
      <GoalField c={c} e={e} />
      {goalFirst ? <DescriptionField c={c} e={e} /> : null}
      <DifficultyPointsFields c={c} e={e} />
    </>
  );
}

function NameField({ c, e }: Props) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <Field
      id="challenge-name"
      name="name"
      label={t("name")}
      required
      maxLength={120}
      defaultValue={c.name}
      error={e.name}
    />
  );
}

function DescriptionField({ c, e }: Props) {
  const t = useTranslations("consolePages.challengeForm");
  return (
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
  );
}

function GoalField({ c, e }: Props) {
  const t = useTranslations("consolePages.challengeForm");
  return (
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
  );
}

function DifficultyPointsFields({ c, e }: Props) {
  const t = useTranslations("consolePages.challengeForm");
  return (
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
  );
}

export function ActiveField({ c }: { c: ChallengeFormValues }) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <CheckboxField
      id="challenge-active"
      name="is_active"
      label={t("isActive")}
      hint={t("isActiveHint")}
      defaultChecked={c.is_active}
    />
  );
}
