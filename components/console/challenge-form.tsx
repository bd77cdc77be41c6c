"use client";

import { useTranslations } from "next-intl";
import { createChallengeAction, updateChallengeAction } from "@/app/console/[workspace]/challenges/actions";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { MAX_CREATOR_LINE_CHARS } from "@/lib/contracts/challenges";
import type { ChallengeFormValues, PluginOption } from "./challenge-defaults";
import { ActiveField, BasicsFields } from "./challenge-fields/basics";
import { GuestFields } from "./challenge-fields/guests";
import { HeroField } from "./challenge-fields/hero";
import { InstructionsField } from "./challenge-fields/instructions";
import { AttemptLimitFields, ScoringFields } from "./challenge-fields/scoring";
import { MaskVariablesField, SecretInputs } from "./challenge-fields/secret";
import { SuccessRuleFields } from "./challenge-fields/success-rule";
import { CheckboxField, TextAreaField } from "./fields";
import { FormShell, useEditorForm } from "./form-shell";
import { ThemeCard } from "./theme-card";

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
  const tl = useTranslations("ladder.console");
  const editing = challenge.id !== undefined;
  const { e, shell } = useEditorForm(createChallengeAction, updateChallengeAction, editing, {
    saved: t("saved"),
    save: t("save"),
    create: t("create"),
  });

  return (
    <FormShell workspace={workspace} id={challenge.id} {...shell} testId="challenge-form">
      <Card title={t("basics")} headingLevel={2}>
        <BasicsFields c={challenge} e={e} />
        <ActiveField c={challenge} />
      </Card>

      <Card title={t("successTitle")} description={t("successLead")} headingLevel={2}>
        <SuccessRuleFields
          c={challenge}
          e={e}
          plugins={plugins}
          keepHiddenPattern
          configRows={5}
          judgeExample
        />
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
        <SecretInputs
          c={challenge}
          e={e}
          label={challenge.has_secret ? t("secretReplace") : t("secretSetLabel")}
          hint={t("secretHint")}
        />
        <MaskVariablesField c={challenge} e={e} />
      </Card>

      <Card title={t("scoringTitle")} headingLevel={2}>
        <ScoringFields c={challenge} e={e} plugins={plugins} />
        <AttemptLimitFields c={challenge} e={e} />
        <GuestFields allowGuests={challenge.allow_guests} guestsOnBoards={challenge.guests_on_boards} />
      </Card>

      <Card title={tl("feedbackTitle")} description={tl("feedbackLead")} headingLevel={2}>
        <TextAreaField
          id="challenge-refusal-message"
          name="refusal_message"
          label={tl("refusalMessage")}
          hint={tl("refusalMessageHint")}
          rows={2}
          maxLength={MAX_CREATOR_LINE_CHARS}
          defaultValue={challenge.refusal_message ?? ""}
          error={e.refusal_message}
        />
        <TextAreaField
          id="challenge-win-message"
          name="win_message"
          label={tl("winMessage")}
          hint={tl("winMessageHint")}
          rows={2}
          maxLength={MAX_CREATOR_LINE_CHARS}
          defaultValue={challenge.win_message ?? ""}
          error={e.win_message}
        />
        <CheckboxField
          id="challenge-allow-claims"
          name="allow_secret_claims"
          label={tl("allowSecretClaims")}
          hint={tl("allowSecretClaimsHint")}
          defaultChecked={challenge.allow_secret_claims}
        />
      </Card>

      <Card title={t("instructionsTitle")} description={t("instructionsLead")} headingLevel={2}>
        <InstructionsField c={challenge} e={e} imageHosts={imageHosts} />
      </Card>

      <ThemeCard
        title={t("appearanceTitle")}
        description={t("appearanceLead")}
        id="challenge-theme"
        workspace={workspace}
        initial={challenge.theme}
        error={e.theme}
      >
        <HeroField c={challenge} e={e} workspace={workspace} heading="h3" />
      </ThemeCard>

    </FormShell>
  );
}
