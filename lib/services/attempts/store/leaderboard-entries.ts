// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import type { LeaderboardEntry as EntryRow } from "@/lib/contracts/boards";
import { uuidv7 } from "@/lib/ids";
import { asDate, exec, one, type Step } from "@/lib/db/sql";
import { columnsOf, rowMapper } from "@/lib/db/rows";
import type { ChallengeStrategy, RankColumn } from "@/lib/scoring/types";

// The challenge_leaderboard_entries table: each player's best on a challenge.

export const RANK_COLUMN_SQL: Record<RankColumn, string> = {
  achievedAt: "achieved_at",
  elapsedMs: "elapsed_ms",
  tokensTotal: "tokens_total",
  judgeRating: "judge_rating",
  score: "score",
};

/** The strategy's board order as SQL (the same order as lib/scoring/order.ts). */
export function orderSql(strategy: ChallengeStrategy, alias = ""): string {
  const parts: string[] = [];
  if (strategy.column !== "achievedAt") {
    parts.push(
      `${alias}${RANK_COLUMN_SQL[strategy.column]} ${strategy.direction === "asc" ? "ASC" : "DESC"}`,
    );
  }
  parts.push(`${alias}achieved_at ASC`, `${alias}best_attempt_id ASC`);
  return parts.join(", ");
}

export type { EntryRow };

const ENTRY_VALUES = {
  accountId: "textOrNull",
  bestAttemptId: "text",
  score: "numOrNull",
  elapsedMs: "numOrNull",
  tokensTotal: "numOrNull",
  judgeRating: "numOrNull",
  achievedAt: "date",
} as const;
const ENTRY = { id: "text", endUserId: "text", ...ENTRY_VALUES } as const;
const ENTRY_COLUMNS = columnsOf(ENTRY);

/** A player's best as stored, from a row with the entry's columns (the board pages add more). */
export const entryValuesOf: (r: Record<string, unknown>) => EntryValues = rowMapper(ENTRY_VALUES);
const entryOf: (r: Record<string, unknown>) => EntryRow = rowMapper(ENTRY);

export function* boardHead(challengeId: string, strategy: ChallengeStrategy): Step<EntryRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${ENTRY_COLUMNS} FROM challenge_leaderboard_entries WHERE challenge_id = $1 ORDER BY ${orderSql(strategy)} LIMIT 1`,
    challengeId,
  );
  return r ? entryOf(r) : null;
}

/** When the board's latest best was achieved (index on challenge_id, achieved_at). */
export function* latestAchievement(challengeId: string): Step<Date | null> {
  const r = yield* one<{ achieved_at: unknown }>(
    `SELECT achieved_at FROM challenge_leaderboard_entries WHERE challenge_id = $1 ORDER BY achieved_at DESC LIMIT 1`,
    challengeId,
  );
  return r ? asDate(r.achieved_at) : null;
}

export function* playerEntry(challengeId: string, endUserId: string): Step<EntryRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${ENTRY_COLUMNS} FROM challenge_leaderboard_entries WHERE challenge_id = $1 AND end_user_id = $2`,
    challengeId,
    endUserId,
  );
  return r ? entryOf(r) : null;
}

export type EntryValues = Omit<EntryRow, "id" | "endUserId">;

export function* insertEntry(
  challengeId: string,
  endUserId: string,
  v: EntryValues,
  attemptsCount: number,
): Step<void> {
  yield* exec(
    `INSERT INTO challenge_leaderboard_entries (id, challenge_id, end_user_id, account_id, best_attempt_id, score, elapsed_ms,
       tokens_total, judge_rating, achieved_at, attempts_count, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    uuidv7(),
    challengeId,
    endUserId,
    v.accountId,
    v.bestAttemptId,
    v.score,
    v.elapsedMs,
    v.tokensTotal,
    v.judgeRating,
    v.achievedAt,
    attemptsCount,
    new Date(),
  );
}

/** Replaces the entry's best (and adds `countDelta` completed attempts). */
export function* replaceEntryBest(id: string, v: EntryValues, countDelta: number): Step<void> {
  yield* exec(
    `UPDATE challenge_leaderboard_entries SET account_id = $2, best_attempt_id = $3, score = $4, elapsed_ms = $5,
       tokens_total = $6, judge_rating = $7, achieved_at = $8, attempts_count = attempts_count + $9, updated_at = $10
     WHERE id = $1`,
    id,
    v.accountId,
    v.bestAttemptId,
    v.score,
    v.elapsedMs,
    v.tokensTotal,
    v.judgeRating,
    v.achievedAt,
    countDelta,
    new Date(),
  );
}

export function* bumpEntryCount(id: string): Step<void> {
  yield* exec(
    `UPDATE challenge_leaderboard_entries SET attempts_count = attempts_count + 1, updated_at = $2 WHERE id = $1`,
    id,
    new Date(),
  );
}
