import { useTranslations } from "next-intl";
import styles from "./console.module.css";

/** An attempt's outcome in words: passed, failed, still running, or an error that did not count. */
export function AttemptResult({ status, succeeded }: { status: string; succeeded: boolean }) {
  const t = useTranslations("consolePages.result");
  if (status === "completed") {
    return <span className={succeeded ? styles.statusOk : styles.statusBad}>{succeeded ? t("passed") : t("failed")}</span>;
  }
  if (status === "pending") return <span className="muted">{t("pending")}</span>;
  return <span className={styles.statusBad}>{status === "judge_error" ? t("judge_error") : t("errored")}</span>;
}
