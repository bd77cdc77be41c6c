import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { CollectionCard } from "@/components/home/collection-card";
import { ChallengeCard } from "@/components/play/challenge-card";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ArenaIcon, ShieldSplitIcon, StackIcon, TargetIcon } from "@/components/ui/icons";
import styles from "@/components/home/home.module.css";
import { getViewer } from "@/lib/auth/viewer";
import {
  listFeaturedLadders,
  listPublicChallenges,
  listPublicCollections,
} from "@/lib/services/public-challenges";
import { FeaturedLadderCard } from "@/components/home/featured-ladder";

type Area = { key: "challenges" | "collections" | "redBlue" | "arena"; href: string; icon: ReactNode };

const areas: Area[] = [
  { key: "challenges", href: "/challenges", icon: <TargetIcon /> },
  { key: "collections", href: "/challenge-collections", icon: <StackIcon /> },
  { key: "redBlue", href: "/red-blue", icon: <ShieldSplitIcon /> },
  { key: "arena", href: "/arena", icon: <ArenaIcon /> },
];

const FEATURED = 6;
const FEATURED_LADDERS = 2;

export default async function HomePage() {
  const [t, tp, tl, viewer] = await Promise.all([
    getTranslations("home"),
    getTranslations("player.home"),
    getTranslations("playLoop.home"),
    getViewer(),
  ]);
  const [challenges, collections, ladders] = await Promise.all([
    listPublicChallenges({ limit: FEATURED, offset: 0, viewerAccountId: viewer?.id ?? null }),
    listPublicCollections({ limit: FEATURED, offset: 0 }),
    listFeaturedLadders({ limit: FEATURED_LADDERS, viewerAccountId: viewer?.id ?? null }),
  ]);
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {t("title")}
        </h1>
        <p className={styles.lead}>{t("lead")}</p>
        {/* A clear start: the featured ladders' "Play Level 1" comes before anything else to click. */}
        {ladders.length > 0 ? (
          <section aria-labelledby="home-ladders" className={styles.ladders}>
            <h2 id="home-ladders" className="visually-hidden">
              {tl("ladderHeading")}
            </h2>
            <ul className={styles.ladderList}>
              {ladders.map((ladder) => (
                <FeaturedLadderCard key={ladder.id} ladder={ladder} />
              ))}
            </ul>
          </section>
        ) : null}
        <p className={styles.lead}>{t("leadCreators")}</p>
        <div className="cluster">
          <ButtonLink href="/challenges" variant={ladders.length > 0 ? "secondary" : "primary"}>
            {t("browseChallenges")}
          </ButtonLink>
          <ButtonLink href="/console" variant="secondary">
            {t("openConsole")}
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="home-challenges">
        <div className={styles.sectionHeader}>
          <h2 id="home-challenges" className={styles.sectionTitle}>
            {tp("activeChallenges")}
          </h2>
          {challenges.total > FEATURED ? <Link href="/challenges">{tp("allChallenges", { count: challenges.total })}</Link> : null}
        </div>
        {challenges.data.length > 0 ? (
          <ul className="card-grid">
            {challenges.data.map((c) => (
              <ChallengeCard key={c.id} challenge={c} headingLevel={3} />
            ))}
          </ul>
        ) : (
          <EmptyState
            headingLevel={3}
            icon={<TargetIcon />}
            title={tp("noChallengesTitle")}
            description={tp("noChallengesDescription")}
            action={<ButtonLink href="/console">{t("openConsole")}</ButtonLink>}
          />
        )}
      </section>

      <section aria-labelledby="home-collections">
        <div className={styles.sectionHeader}>
          <h2 id="home-collections" className={styles.sectionTitle}>
            {tp("collectionsHeading")}
          </h2>
          {collections.total > FEATURED ? (
            <Link href="/challenge-collections">{tp("allCollections", { count: collections.total })}</Link>
          ) : null}
        </div>
        {collections.data.length > 0 ? (
          <ul className="card-grid">
            {collections.data.map((c) => (
              <CollectionCard key={c.id} collection={c} headingLevel={3} />
            ))}
          </ul>
        ) : (
          <EmptyState
            headingLevel={3}
            icon={<StackIcon />}
            title={tp("noCollectionsTitle")}
            description={tp("noCollectionsDescription")}
            action={<ButtonLink href="/challenges">{t("browseChallenges")}</ButtonLink>}
          />
        )}
      </section>

      <section aria-labelledby="home-areas">
        <h2 id="home-areas" className={styles.sectionTitle}>
          {t("areasHeading")}
        </h2>
        <ul className="card-grid">
          {areas.map((area) => (
            <li key={area.key} className={styles.area}>
              <span className={styles.areaIcon}>{area.icon}</span>
              <h3 className={styles.areaTitle}>
                <Link href={area.href} className={styles.areaLink}>
                  {t(`areas.${area.key}.title`)}
                </Link>
              </h3>
              <p className={styles.areaText}>{t(`areas.${area.key}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
