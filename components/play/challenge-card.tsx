import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { PublicChallenge } from "@/lib/contracts/challenges";
import { LevelLock } from "./level-lock";
import styles from "./card.module.css";
import playStyles from "./play.module.css";
import { FactList } from "./fact-list";

/** One challenge in a list: the heading link makes the whole card clickable. */
export async function ChallengeCard({
  challenge,
  position,
  headingLevel = 2,
  collectionId,
  locked = false,
}: {
  challenge: PublicChallenge;
  /** 1-based level number inside a collection. */
  position?: number;
  headingLevel?: 2 | 3;
  /** Inside a collection: the level's link keeps the ladder (?collection=) for its breadcrumb. */
  collectionId?: string;
  /** A gated ladder's level the viewer has not unlocked yet. */
  locked?: boolean;
}) {
  const t = await getTranslations("player.card");
  const Heading = `h${headingLevel}` as const;
  return (
    <li className={styles.card} data-testid="challenge-card" data-locked={locked || undefined}>
      <div className={styles.cardTop}>
        {position !== undefined ? <span className={styles.level}>{t("level", { n: position })}</span> : null}
        {locked ? <LevelLock /> : null}
        {challenge.solved ? (
          <Badge className={playStyles.solvedBadge} data-testid="solved-badge">
            {t("solved")}
          </Badge>
        ) : null}
      </div>
      <Heading className={styles.cardTitle}>
        <Link
          href={`/challenges/${challenge.id}${collectionId ? `?collection=${encodeURIComponent(collectionId)}` : ""}`}
          className={styles.cardLink}
        >
          {challenge.name}
        </Link>
      </Heading>
      {challenge.description ? <p className={styles.cardText}>{challenge.description}</p> : null}
      <FactList
        className={styles.cardMeta}
        facts={[
          [t("difficulty"), t("difficultyValue", { difficulty: challenge.difficulty })],
          [t("points"), challenge.points],
          [t("solves"), challenge.solves],
        ]}
      />
    </li>
  );
}
