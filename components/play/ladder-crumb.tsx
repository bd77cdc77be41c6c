import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { LadderPlace } from "@/lib/contracts/collections";
import { LockIcon } from "./lock-icon";
import styles from "./ladder.module.css";

/** Collection › Level n of N, on a challenge that is a level of a public collection. */
export async function LadderCrumb({
  place,
  back,
}: {
  place: LadderPlace;
  back?: { href: string; label: string };
}) {
  const t = await getTranslations("ladder.crumb");
  return (
    <nav aria-label={t("label")} className={styles.crumb} data-testid="ladder-crumb">
      <ol>
        {back ? (
          <li>
            <Link href={back.href}>{back.label}</Link>
          </li>
        ) : null}
        <li>
          <Link href={`/challenge-collections/${place.collection.id}`}>{place.collection.name}</Link>
        </li>
        <li aria-current="page">
          {t("level", { n: place.level, total: place.total })}
          {place.locked ? (
            <span className={styles.lockBadge}>
              {" "}
              <LockIcon size={14} /> {t("locked")}
            </span>
          ) : null}
        </li>
      </ol>
    </nav>
  );
}

/** In place of the play panel while gating keeps the player off this level. */
export async function LockedLevel({ place, panelClassName }: { place: LadderPlace; panelClassName: string }) {
  const t = await getTranslations("ladder.locked");
  const previous = place.previous;
  return (
    <section
      aria-labelledby="locked-heading"
      className={`${panelClassName} ${styles.lockedPanel}`}
      data-testid="level-locked"
    >
      <h2 id="locked-heading" className={styles.lockBadge}>
        <LockIcon size={20} /> {t("title")}
      </h2>
      {previous ? (
        <>
          <p>{t("body", { name: previous.name })}</p>
          <p>
            <Link href={`/challenges/${previous.id}?collection=${place.collection.id}`}>
              {t("previous", { n: place.level - 1 })}
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
