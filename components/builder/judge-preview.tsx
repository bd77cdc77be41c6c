"use client";

import { useTranslations } from "next-intl";
import styles from "./builder.module.css";

/** The structured verdict a judge returns, with the current scale and threshold filled in. */
export function JudgePreview({ ratingScale, passThreshold }: { ratingScale: number; passThreshold: number }) {
  const t = useTranslations("builder");
  const example = {
    judge_passed: `boolean — ${t("judgePreview.passed", { threshold: passThreshold })}`,
    judge_rating: `number — ${t("judgePreview.rating", { scale: ratingScale })}`,
    judge_feedback: `string — ${t("judgePreview.feedback")}`,
    judge_raw: `object — ${t("judgePreview.raw")}`,
    judge_error: `boolean — ${t("judgePreview.error")}`,
  };
  return (
    <figure className={styles.preview} data-testid="judge-preview">
      <figcaption className={styles.label}>{t("judgePreview.title")}</figcaption>
      <pre>{JSON.stringify(example, null, 2)}</pre>
    </figure>
  );
}
