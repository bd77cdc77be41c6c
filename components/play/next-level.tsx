import Link from "next/link";
import { useTranslations } from "next-intl";
import type { LadderLinks } from "./ladder-types";
import playStyles from "./play.module.css";
import styles from "./ladder.module.css";

/** After a win: "Next level →", or on the last level the way back to the ladder. */
export function NextLevel({ ladder }: { ladder: LadderLinks }) {
  const t = useTranslations("ladder.win");
  if (ladder.next) {
    return (
      <Link
        href={ladder.next.href}
        className={`${styles.nextLink} ${playStyles.accentButton}`}
        data-testid="next-level"
      >
        {t("next")}
        <span className="visually-hidden"> {ladder.next.name}</span>
      </Link>
    );
  }
  return (
    <p className={styles.finished} data-testid="ladder-finished">
      {t("finished")}{" "}
      <Link href={ladder.collection.href}>{t("backToLadder", { name: ladder.collection.name })}</Link>
    </p>
  );
}
