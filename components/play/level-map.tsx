import Link from "next/link";
import { useTranslations } from "next-intl";
import { LockIcon } from "./lock-icon";
import type { MapLevel } from "./level-states";
import styles from "./level-map.module.css";

/** Where a level of this ladder is played (the ?collection= keeps its breadcrumb in the ladder). */
export function levelHref(collectionId: string, levelId: string): string {
  return `/challenges/${levelId}?collection=${encodeURIComponent(collectionId)}`;
}

/**
 * A ladder's levels as a row of numbered steps: solved (a check), the current one (where the
 * player goes next, highlighted), open and locked (a padlock). Each step links to its level.
 */
export function LevelMap({ collectionId, levels }: { collectionId: string; levels: readonly MapLevel[] }) {
  const t = useTranslations("playLoop.map");
  return (
    <ol className={styles.map} aria-label={t("label")} data-testid="level-map">
      {levels.map((level, i) => (
        <li key={level.id} className={styles.item} data-state={level.state}>
          <Link
            href={levelHref(collectionId, level.id)}
            className={styles.step}
            aria-current={level.state === "current" ? "step" : undefined}
            aria-label={t("step", { n: i + 1, name: level.name, state: level.state })}
            data-testid="level-step"
          >
            <span className={styles.number} aria-hidden="true">
              {level.state === "solved" ? "✓" : level.state === "locked" ? <LockIcon size={14} /> : i + 1}
            </span>
            <span className={styles.name} aria-hidden="true">
              {level.name}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
