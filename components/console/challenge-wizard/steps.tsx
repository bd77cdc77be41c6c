"use client";

import { useTranslations } from "next-intl";
import type { FieldErrors } from "@/lib/contracts/forms";
import type { ChallengeFormValues, PluginOption } from "../challenge-defaults";
import { ActiveField, BasicsFields } from "../challenge-fields/basics";
import { GuestFields } from "../challenge-fields/guests";
import { AttemptLimitFields, ScoringFields } from "../challenge-fields/scoring";
import { MaskVariablesField, SecretInputs } from "../challenge-fields/secret";
import { SuccessRuleFields } from "../challenge-fields/success-rule";
import w from "./wizard.module.css";

// The panels of the new-challenge wizard. Every field stays in the one form (a hidden step still
// submits its values); the wizard only decides which panel shows. The fields themselves are the
// edit form's (../challenge-fields).

export interface TemplateCard {
  id: string;
  name: string;
  description: string;
  defenses: string[];
  defaults: { name: string; goal: string; description: string; difficulty: string; points: number };
}

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

export function BasicsStep({ c, e }: { c: ChallengeFormValues; e: FieldErrors }) {
  return <BasicsFields c={c} e={e} goalFirst />;
}

export function SecretStep({
  c,
  e,
  plugins,
  fromTemplate,
}: {
  c: ChallengeFormValues;
  e: FieldErrors;
  plugins: PluginOption[];
  fromTemplate: boolean;
}) {
  const t = useTranslations("consolePages.challengeForm");
  const tw = useTranslations("consolePages.challengeWizard");
  return (
    <>
      <SecretInputs
        c={c}
        e={e}
        label={t("secretSetLabel")}
        hint={fromTemplate ? tw("templateNeedsSecret") : undefined}
        required={fromTemplate}
      />
      <SuccessRuleFields c={c} e={e} plugins={plugins} configRows={4} />
      <MaskVariablesField c={c} e={e} />
    </>
  );
}

export function PlayStep({
  c,
  e,
  plugins,
}: {
  c: ChallengeFormValues;
  e: FieldErrors;
  plugins: PluginOption[];
}) {
  return (
    <>
      <ScoringFields c={c} e={e} plugins={plugins} />
      <AttemptLimitFields c={c} e={e} />
      <GuestFields allowGuests={c.allow_guests} guestsOnBoards={c.guests_on_boards} />
      <ActiveField c={c} />
    </>
  );
}
