"use client";

import { useTranslations } from "next-intl";
import type { FieldErrors } from "@/lib/contracts/forms";
import { MAX_INSTRUCTIONS_CHARS } from "@/lib/contracts/challenges";
import type { ChallengeFormValues } from "../challenge-defaults";
import { MarkdownEditor } from "../markdown-editor";

/** The challenge's Markdown instructions (images only from the allowed hosts). */
export function InstructionsField({
  c,
  e,
  imageHosts,
}: {
  c: ChallengeFormValues;
  e: FieldErrors;
  imageHosts?: readonly string[] | undefined;
}) {
  const t = useTranslations("consolePages.challengeForm");
  return (
    <MarkdownEditor
      id="challenge-instructions"
      name="instructions_md"
      label={t("instructions")}
      hint={t("instructionsHint")}
      maxLength={MAX_INSTRUCTIONS_CHARS}
      defaultValue={c.instructions_md ?? ""}
      error={e.instructions_md}
      imageHosts={imageHosts}
    />
  );
}
