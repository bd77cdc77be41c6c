"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { FieldErrors } from "@/lib/contracts/forms";
import { AssetUpload, type UploadedAsset } from "../asset-upload";
import type { ChallengeFormValues } from "../challenge-defaults";
import styles from "../console.module.css";

// The challenge's hero image or video: a preview with a way to remove it, and an upload. The
// chosen asset is submitted as hero_asset_id.

type Hero = { id: string; url: string; type: string };

export function HeroField({
  c,
  e,
  workspace,
  heading: Heading,
}: {
  c: ChallengeFormValues;
  e: FieldErrors;
  workspace: string;
  /** The subheading's level under the card it sits in. */
  heading: "h3" | "h4";
}) {
  const t = useTranslations("consolePages.challengeForm");
  const [hero, setHero] = useState<Hero | null>(
    c.hero_asset_id && c.hero_asset_url
      ? { id: c.hero_asset_id, url: c.hero_asset_url, type: c.hero_asset_type ?? "image/png" }
      : null,
  );
  return (
    <div className="stack">
      <Heading className={styles.subheading}>{t("hero")}</Heading>
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
  );
}
