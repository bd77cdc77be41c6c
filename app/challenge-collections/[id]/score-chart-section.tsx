import lb from "@/components/leaderboard/leaderboard.module.css";
import { ScoreChart } from "@/components/leaderboard/score-chart";
import { buildScoreSeries } from "@/lib/scoring/score-series";
import { getCollectionLeaderboard } from "@/lib/services/leaderboards";
import { collectionSolves } from "@/lib/services/leaderboards/board-marks";

const TOP = 10;

/** The collection's score-over-time chart for its top 10 players (board order). */
export async function CollectionScoreChart({ collectionId }: { collectionId: string }) {
  const board = await getCollectionLeaderboard(collectionId, { limit: TOP });
  const top = board.rows.filter((r): r is typeof r & { account_id: string } => r.account_id !== null);
  if (top.length === 0) return null;
  const solves = await collectionSolves(
    collectionId,
    top.map((r) => r.account_id),
  );
  const data = buildScoreSeries(
    top.map((r) => r.account_id),
    solves,
    Date.now(),
  );
  const names = Object.fromEntries(top.map((r) => [r.account_id, r.display_name]));
  return (
    <div className={lb.section}>
      <ScoreChart data={data} names={names} headingId="collection-score-chart" />
    </div>
  );
}
