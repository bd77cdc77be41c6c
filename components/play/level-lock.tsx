import { getTranslations } from "next-intl/server";
import { LockIcon } from "./lock-icon";
import styles from "./ladder.module.css";

/** The lock on a level card of a gated ladder. */
export async function LevelLock() {
  const t = await getTranslations("ladder");
  return (
    <span className={styles.lockBadge} data-testid="level-lock" title={t("locked.cardLabel")}>
      <LockIcon size={14} /> {t("crumb.locked")}
      <span className="visually-hidden">: {t("locked.cardLabel")}</span>
    </span>
  );
}
