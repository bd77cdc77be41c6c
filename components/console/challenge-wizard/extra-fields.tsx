"use client";

import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { FieldErrors } from "@/lib/contracts/forms";
import type { ChallengeFormValues } from "../challenge-defaults";
import { HeroField } from "../challenge-fields/hero";
import { InstructionsField } from "../challenge-fields/instructions";
import { ThemeEditor } from "../theme-editor";

/** The wizard's play step: the instructions, theme and hero media in one card (the edit form's fields). */
export function LooksFields({
  c,
  e,
  workspace,
  imageHosts,
}: {
  c: ChallengeFormValues;
  e: FieldErrors;
  workspace: string;
  imageHosts?: readonly string[] | undefined;
}) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <Card title={t("appearanceTitle")} description={t("appearanceLead")} headingLevel={3}>
      <InstructionsField c={c} e={e} imageHosts={imageHosts} />
      <ThemeEditor id="challenge-theme" workspace={workspace} initial={c.theme} error={e.theme} />
      <HeroField c={c} e={e} workspace={workspace} heading="h4" />
    </Card>
  );
}
