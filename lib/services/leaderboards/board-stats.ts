// Direct SQL: board reads at 1M attempts (README "Benchmarks" (b), and (b-pg) for the one-statement read).
import "server-only";
import { db } from "@/lib/db";
import { all, query } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { cachedBoardSize } from "@/lib/scoring/board-size";
import { entriesAheadOf, type BoardKeys } from "@/lib/scoring/board-ranks";
import type { EntryKey } from "@/lib/services/leaderboards/order";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { orderSql, RANK_COLUMN_SQL } from "@/lib/services/attempts/store";

// The queries behind the per-process board caches in lib/scoring (board-size.ts, board-ranks.ts).

/** How many players the challenge's board holds (cached for a few seconds). */
export function boardSize(challengeId: string): Promise<number> {
  return cachedBoardSize(challengeId, () => db.challengeLeaderboardEntry.count({ where: { challengeId } }));
}

const keyOf = rowMapper({ v: "numOrNull", achievedAt: "date", bestAttemptId: "text", endUserId: "text" });

async function loadBoardKeys(challengeId: string, strategy: ChallengeStrategy): Promise<BoardKeys> {
  const column = strategy.column === "achievedAt" ? "NULL" : RANK_COLUMN_SQL[strategy.column];
  const rows = await query(() =>
    all<Record<string, unknown>>(
      `SELECT ${column} AS v, achieved_at, best_attempt_id, end_user_id FROM challenge_leaderboard_entries
       WHERE challenge_id = $1 ORDER BY ${orderSql(strategy)}`,
      challengeId,
    ),
  );
  const keys = rows.map(keyOf);
  return {
    values: keys.map((k) => k.v),
    times: keys.map((k) => k.achievedAt.getTime()),
    ids: keys.map((k) => k.bestAttemptId),
    endUserIds: keys.map((k) => k.endUserId),
  };
}

/** How many entries of a large board rank strictly ahead of `key` (from a cached snapshot). */
export function entriesAhead(
  challengeId: string,
  strategy: ChallengeStrategy,
  key: EntryKey,
): Promise<number> {
  return entriesAheadOf(challengeId, strategy, key, () => loadBoardKeys(challengeId, strategy));
}
