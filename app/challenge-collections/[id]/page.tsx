import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import lb from "@/components/leaderboard/leaderboard.module.css";
import { SolvesChart } from "@/components/leaderboard/solves-chart";
import { InstructionsPanel } from "@/components/play/instructions-panel";
import { ChallengeCard } from "@/components/play/challenge-card";
import { pageParam } from "@/components/play/format";
import { orNotFound } from "@/lib/api/or-not-found";
import { Pagination } from "@/components/play/pagination";
import styles from "@/components/play/play.module.css";
import { EmptyState } from "@/components/ui/empty-state";
import { StackIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";
import { env } from "@/lib/env";
import { getCollectionLeaderboard } from "@/lib/services/leaderboards";
import { getSolvesPerDay, renderableTheme } from "@/lib/services/player-pages";
import { getPublicCollection } from "@/lib/services/public-challenges";
import { collectionFirstBloods } from "@/lib/services/leaderboards/board-marks";
import { CollectionScoreChart } from "./score-chart-section";
import { getCollectionLocks } from "@/lib/services/ladder";
import { LevelMap, levelHref } from "@/components/play/level-map";
import mapStyles from "@/components/play/level-map.module.css";
import { levelStates } from "@/components/play/level-states";
import { buttonClassName } from "@/components/ui/button";
import { ReportListing } from "@/components/moderation/report-listing";
import { FactList } from "@/components/play/fact-list";
import { ThemedArticle } from "@/components/play/themed-article";
import type { IdPageProps } from "@/app/page-props";

const PAGE_SIZE = 20;

export async function generateMetadata({ params }: IdPageProps): Promise<Metadata> {
  const { id } = await params;
  const collection = await orNotFound(getPublicCollection(id));
  return { title: collection.name };
}

export default async function CollectionPage({ params, searchParams }: IdPageProps) {
  const { id } = await params;
  const query = await searchParams;
  const page = pageParam(query.page);
  const viewer = await getViewer();
  const collection = await orNotFound(getPublicCollection(id, viewer?.id ?? null));
  const [t, tl, tm, board, series, firstBloods] = await Promise.all([
    getTranslations("player.collection"),
    getTranslations("player.leaderboard"),
    getTranslations("playLoop.map"),
    getCollectionLeaderboard(id, {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      viewerAccountId: viewer?.id ?? null,
    }),
    getSolvesPerDay({ collectionId: id }),
    collectionFirstBloods(id),
  ]);
  const solvedCount = collection.challenges.filter((c) => c.solved).length;
  const locks = await getCollectionLocks(
    id,
    collection.challenges.map((c) => c.id),
    viewer?.id ?? null,
  );
  const map = levelStates(
    collection.challenges.map((c) => ({
      id: c.id,
      name: c.name,
      solved: c.solved === true,
      locked: locks.has(c.id),
    })),
  );
  const current = map.findIndex((l) => l.state === "current");

  return (
    <ThemedArticle theme={renderableTheme(collection.theme)} testId="collection-page">
      <p className={styles.crumbs}>
        <Link href="/challenge-collections">{t("backToCollections")}</Link>
      </p>
      <header className={styles.playHeader}>
        <h1>{collection.name}</h1>
        {collection.description ? <p className={styles.goal}>{collection.description}</p> : null}
        <FactList
          className={styles.facts}
          facts={[
            [t("challenges"), collection.challenges.length],
            [t("scoring"), t("strategy", { strategy: collection.scoring_strategy })],
            viewer && [
              t("yourProgress"),
              t("progress", { solved: solvedCount, total: collection.challenges.length }),
            ],
          ]}
        />
      </header>

      {/* The level map first: where the player stands and the way to the next level. */}
      {map.length > 0 ? (
        <section aria-labelledby="collection-map" className={styles.panel}>
          <div className={mapStyles.mapHeader}>
            <h2 id="collection-map">{tm("label")}</h2>
            <Link
              href={levelHref(id, map[Math.max(current, 0)]!.id)}
              className={buttonClassName({ className: styles.accentButton })}
              data-testid="play-next"
            >
              {current >= 0 ? tm("play", { n: current + 1 }) : tm("replay")}
            </Link>
          </div>
          <LevelMap collectionId={id} levels={map} />
        </section>
      ) : null}

      <InstructionsPanel
        markdown={collection.instructions_md}
        heading={t("instructions")}
        headingId="collection-instructions"
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
      />

      <section aria-labelledby="collection-levels" className="stack">
        <h2 id="collection-levels">{t("levels")}</h2>
        {collection.challenges.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<StackIcon />}
            title={t("noChallengesTitle")}
            description={t("noChallengesDescription")}
          />
        ) : (
          <ol className="card-grid">
            {collection.challenges.map((c, i) => (
              <ChallengeCard
                key={c.id}
                challenge={c}
                position={i + 1}
                headingLevel={3}
                collectionId={id}
                locked={locks.has(c.id)}
              />
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="collection-board" className={lb.section}>
        <h2 id="collection-board">{tl("collectionRankings", { count: board.total })}</h2>
        <p className={lb.chartSummary}>
          {tl("collectionStrategyExplain", { strategy: board.scoring_strategy })}
        </p>
        {board.total === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<StackIcon />}
            title={tl("emptyTitle")}
            description={tl("emptyCollection")}
          />
        ) : (
          <>
            <LeaderboardTable
              board={board}
              kind="collection"
              viewerId={viewer?.id ?? null}
              caption={tl("collectionTitle", { name: collection.name })}
              firstBloods={firstBloods}
            />
            <Pagination
              basePath={`/challenge-collections/${id}`}
              page={page}
              pageCount={Math.ceil(board.total / PAGE_SIZE)}
              label={tl("pages")}
            />
          </>
        )}
      </section>
      <CollectionScoreChart collectionId={id} />
      <div className={lb.section}>
        <SolvesChart series={series} headingId="collection-chart" />
      </div>
      <ReportListing
        kind="collection"
        id={id}
        signedIn={Boolean(viewer)}
        outcome={query.report}
        loginHref={`/login?${new URLSearchParams({ next: `/challenge-collections/${id}` }).toString()}`}
      />
    </ThemedArticle>
  );
}
