import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScatterChart } from "@/components/arena/scatter-chart";
import { ScoreTable } from "@/components/arena/score-table";
import { playerName } from "@/components/arena/players";
import { EmptyState } from "@/components/ui/empty-state";
import { ArenaIcon } from "@/components/ui/icons";
import { getArenaGame } from "@/lib/arena/games";
import { allMetricDescriptors } from "@/lib/arena/scoring";
import { typeBoard } from "@/lib/services/arena/leaderboards";
import { profilesBatch } from "@/lib/services/arena/users";

type Props = { params: Promise<{ type: string }> };

function gameOr404(type: string) {
  const game = getArenaGame(type);
  if (!game) notFound();
  return game;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const game = gameOr404((await params).type);
  const t = await getTranslations("arena.board");
  return { title: t("typeTitle", { name: game.metadata.name }) };
}

/** The strategy whose security/utility the chart plots: `average` when the type runs it. */
const CHART_STRATEGY = "average";

export default async function ArenaTypeLeaderboardPage({ params }: Props) {
  const { type } = await params;
  const game = gameOr404(type);
  const [t, boards] = await Promise.all([getTranslations("arena.board"), typeBoard(type)]);
  const descriptors = allMetricDescriptors();
  const ids = [...new Set(Object.values(boards).flatMap((rows) => rows.map((r) => r.playerId)))];
  const profiles = ids.length > 0 ? await profilesBatch(ids.slice(0, 200).join(",")) : {};
  const named = (rows: (typeof boards)[string]) =>
    rows.map((r) => ({ ...r, username: profiles[r.playerId]?.username, model: profiles[r.playerId]?.model }));
  const chartStrategy = boards[CHART_STRATEGY] ? CHART_STRATEGY : game.defaultStrategy;
  const points = (boards[chartStrategy] ?? []).map((r) => ({
    id: r.playerId,
    label: playerName(r.playerId, profiles[r.playerId]),
    title: r.playerId,
    security: r.metrics[`${chartStrategy}:security`] ?? 0,
    utility: r.metrics[`${chartStrategy}:utility`] ?? 0,
  }));
  const empty = Object.values(boards).every((rows) => rows.length === 0);
  return (
    <div className="stack-lg">
      <p className="cluster">
        <Link href="/arena">{t("back")}</Link>
        <Link href="/arena/leaderboard">{t("globalTitle")}</Link>
      </p>
      <div className="page-header">
        <h1>{t("typeTitle", { name: game.metadata.name })}</h1>
        <p className="lead">{game.metadata.description}</p>
      </div>
      {empty ? (
        <EmptyState icon={<ArenaIcon />} title={t("emptyTitle")} description={t("emptyTypeDescription")} />
      ) : (
        <>
          <section aria-labelledby="arena-chart-heading" className="stack">
            <h2 id="arena-chart-heading">{t("chartHeading")}</h2>
            <ScatterChart points={points} caption={t("chartCaptionType", { strategy: chartStrategy })} />
          </section>
          {Object.entries(boards).map(([strategy, rows]) => (
            <section key={strategy} aria-labelledby={`arena-board-${strategy}`} className="stack">
              <h2 id={`arena-board-${strategy}`}>{t("strategyHeading", { strategy })}</h2>
              <ScoreTable
                rows={named(rows)}
                metrics={descriptors[strategy] ?? []}
                caption={t("strategyHeading", { strategy })}
                testId={`arena-board-${strategy}`}
              />
            </section>
          ))}
        </>
      )}
    </div>
  );
}
