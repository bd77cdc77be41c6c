"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MAX_INSTRUCTIONS_CHARS } from "@/lib/validation/challenges";
import { AssetUpload, type UploadedAsset } from "../asset-upload";
import type { ChallengeFormValues } from "../challenge-defaults";
import styles from "../console.module.css";
import { CheckboxField } from "../fields";
import { MarkdownEditor } from "../markdown-editor";
import { ThemeEditor } from "../theme-editor";

// Fields shared by the wizard's play step and the edit form: the guest switches, and the
// instructions, theme and hero media.

type Errors = Record<string, string[] | undefined>;

/** The creator's two guest switches (also on the edit form); boards only when guests may play. */
export function GuestFields({
  allowGuests,
  guestsOnBoards,
}: {
  allowGuests: boolean;
  guestsOnBoards: boolean;
}) {
  const t = useTranslations("consolePages.challengeWizard");
  const [allow, setAllow] = useState(allowGuests);
  return (
    <>
      <CheckboxField
        id="challenge-allow-guests"
        name="allow_guests"
        label={t("allowGuests")}
        hint={t("allowGuestsHint")}
        checked={allow}
        onChange={(event) => setAllow(event.target.checked)}
      />
      <CheckboxField
        id="challenge-guests-on-boards"
        name="guests_on_boards"
        label={t("guestsOnBoards")}
        hint={t("guestsOnBoardsHint")}
        defaultChecked={guestsOnBoards}
        disabled={!allow}
      />
    </>
  );
}

export function LooksFields({
  c,
  e,
  workspace,
  imageHosts,
}: {
  c: ChallengeFormValues;
  e: Errors;
  workspace: string;
  imageHosts?: readonly string[] | undefined;
}) {
  const t = useTranslations("consolePages.challengeForm");
  const [hero, setHero] = useState<{ id: string; url: string; type: string } | null>(null);
  return (
    <Card title={t("appearanceTitle")} description={t("appearanceLead")} headingLevel={3}>
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
      <ThemeEditor id="challenge-theme" workspace={workspace} initial={c.theme} error={e.theme} />
      <div className="stack">
        <h4 className={styles.subheading}>{t("hero")}</h4>
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
          onUploaded={(asset: UploadedAsset) =>
            setHero({ id: asset.id, url: asset.url, type: asset.mime_type })
          }
        />
        {e.hero_asset_id ? <p className={styles.issues}>{e.hero_asset_id.join(" ")}</p> : null}
      </div>
    </Card>
  );
}
