import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import styles from "@/components/leaderboard/leaderboard.module.css";
import { SolvesChart } from "@/components/leaderboard/solves-chart";
import { pageParam } from "@/components/play/format";
import { orNotFound } from "@/lib/api/or-not-found";
import { Pagination } from "@/components/play/pagination";
import { EmptyState } from "@/components/ui/empty-state";
import { TargetIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import { getSolvesPerDay } from "@/lib/services/player-pages";
import { getPublicChallenge } from "@/lib/services/public-challenges";
import { firstBloodOf } from "@/lib/services/leaderboards/board-marks";
import type { IdPageProps } from "@/app/page-props";

const PAGE_SIZE = 20;

export async function generateMetadata({ params }: IdPageProps): Promise<Metadata> {
  const { id } = await params;
  const [challenge, t] = await Promise.all([orNotFound(getPublicChallenge(id)), getTranslations("player.leaderboard")]);
  return { title: t("challengeTitle", { name: challenge.name }) };
}

export default async function ChallengeLeaderboardPage({ params, searchParams }: IdPageProps) {
  const { id } = await params;
  const page = pageParam((await searchParams).page);
  const viewer = await getViewer();
  const challenge = await orNotFound(getPublicChallenge(id, viewer?.id ?? null));
  const [t, board, series, firstBlood] = await Promise.all([
    getTranslations("player.leaderboard"),
    getChallengeLeaderboard(id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, viewerAccountId: viewer?.id ?? null }),
    getSolvesPerDay({ challengeId: id }),
    firstBloodOf(id),
  ]);
  return (
    <div className="stack-lg">
      <div className="page-header">
        <p>
          <Link href={`/challenges/${id}`}>{t("backToChallenge", { name: challenge.name })}</Link>
        </p>
        <h1>{t("challengeTitle", { name: challenge.name })}</h1>
        <p className="lead">{t("strategyExplain", { strategy: board.scoring_strategy })}</p>
      </div>
      <section aria-labelledby="board-heading" className={styles.section}>
        <h2 id="board-heading">{t("rankings", { count: board.total })}</h2>
        {board.total === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<TargetIcon />}
            title={t("emptyTitle")}
            description={t("emptyChallenge")}
          />
        ) : (
          <>
            <LeaderboardTable board={board} kind="challenge" viewerId={viewer?.id ?? null} caption={t("challengeTitle", { name: challenge.name })} firstBloods={firstBlood ? { [firstBlood]: 1 } : undefined} />
            <Pagination
              basePath={`/challenges/${id}/leaderboard`}
              page={page}
              pageCount={Math.ceil(board.total / PAGE_SIZE)}
              label={t("pages")}
            />
          </>
        )}
      </section>
      <div className={styles.section}>
        <SolvesChart series={series} headingId="chart-heading" />
      </div>
    </div>
  );
}
