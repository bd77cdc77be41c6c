import { useTranslations } from "next-intl";
import type { CaseStatus, RunStatus } from "@/lib/contracts/pack-runs";
import { tone } from "./format";
import styles from "./runs.module.css";

/** A run's or a case's status as a coloured badge; the word itself carries the meaning. */
export function StatusBadge({
  status,
  kind = "run",
}: {
  status: RunStatus | CaseStatus;
  kind?: "run" | "case";
}) {
  const t = useTranslations("consolePages.packRuns");
  const label = kind === "run" ? t(`status.${status as RunStatus}`) : t(`caseStatus.${status as CaseStatus}`);
  return (
    <span className={`${styles.badge} ${styles[tone(status)]}`} data-status={status}>
      {label}
    </span>
  );
}
