import Link from "next/link";
import { useTranslations } from "next-intl";
import { levelHref } from "@/components/play/level-map";
import { gatedLocks, levelStates } from "@/components/play/level-states";
import { buttonClassName } from "@/components/ui/button";
import type { FeaturedLadder } from "@/lib/contracts/collections";
import styles from "./home.module.css";

/**
 * A featured ladder on the home page: its name and pitch, and one big button into it — "Play
 * Level 1", or for a player who has climbed part of it the next level to play. The button's name
 * stays "Play Level 1"; the ladder it belongs to is its description.
 */
export function FeaturedLadderCard({ ladder }: { ladder: FeaturedLadder }) {
  const t = useTranslations("playLoop.home");
  const id = `ladder-${ladder.id}`;
  const locks = gatedLocks(ladder.levels, ladder.gated);
  const map = levelStates(ladder.levels.map((l, i) => ({ ...l, locked: locks[i]! })));
  const solved = ladder.levels.filter((l) => l.solved).length;
  const current = map.findIndex((l) => l.state === "current");
  const continuing = solved > 0 && current > 0;
  const first = ladder.levels[0]!;
  return (
    <li className={styles.ladder} data-testid="featured-ladder">
      <h3 id={`${id}-name`} className={styles.ladderName}>
        {ladder.name}
      </h3>
      {ladder.description ? <p className={styles.ladderText}>{ladder.description}</p> : null}
      <div className={styles.ladderActions}>
        <Link
          href={levelHref(ladder.id, continuing ? map[current]!.id : first.id)}
          className={buttonClassName({ className: styles.playButton })}
          aria-describedby={`${id}-name`}
          data-testid="play-level-1"
        >
          {continuing ? t("continueAt", { n: current + 1 }) : t("playLevel1")}
        </Link>
        <Link href={`/challenge-collections/${ladder.id}`} aria-describedby={`${id}-name`}>
          {t("viewLadder")}
        </Link>
      </div>
      <p className={styles.ladderMeta}>
        {solved === ladder.levels.length && solved > 0
          ? t("allSolved", { count: solved })
          : t("levels", { count: ladder.levels.length })}
      </p>
    </li>
  );
}
