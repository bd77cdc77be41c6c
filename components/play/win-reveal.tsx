"use client";

import { useTranslations } from "next-intl";
import type { AttemptResult } from "@/lib/contracts/attempts";
import type { LadderLinks } from "./ladder-types";
import { NextLevel } from "./next-level";
import styles from "./ladder.module.css";

/**
 * The celebration after a win: the creator's win line, the password the player extracted (sent
 * only to them, only on a success) and, on a ladder, "Next level →". The burst is a short CSS
 * animation that prefers-reduced-motion turns off.
 */
export function WinReveal({ result, ladder }: { result: AttemptResult; ladder: LadderLinks | null }) {
  const t = useTranslations("ladder");
  if (result.status !== "completed" || !result.succeeded) return null;
  return (
    <section className={styles.reveal} data-testid="win-reveal" aria-live="polite">
      <span className={styles.burst} aria-hidden="true" />
      <p className={styles.revealTitle}>{t("win.title")}</p>
      {result.creator_message ? (
        <blockquote className={styles.creatorLine} data-testid="creator-line">
          {result.creator_message}
        </blockquote>
      ) : null}
      {result.revealed_secret ? (
        <p className={styles.secretLine}>
          {t("win.secretLabel")}{" "}
          <code className={styles.secret} data-testid="revealed-secret">
            {result.revealed_secret}
          </code>
        </p>
      ) : null}
      {ladder ? <NextLevel ladder={ladder} /> : null}
    </section>
  );
}

/** The creator's refusal line after a failed (evaluated) attempt. */
export function RefusalLine({ result }: { result: AttemptResult }) {
  const t = useTranslations("ladder");
  if (result.status !== "completed" || result.succeeded || !result.creator_message) return null;
  return (
    <blockquote className={styles.refusalLine} data-testid="creator-line">
      <span className="visually-hidden">{t("creator")} </span>
      {result.creator_message}
    </blockquote>
  );
}
