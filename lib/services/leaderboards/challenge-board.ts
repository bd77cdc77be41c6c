import "server-only";
import type { LeaderboardEntryWithPlayer } from "@/lib/contracts/leaderboards";
import { all, asBool, asNum, one, query, type Param, type Step } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { RANK_SNAPSHOT_MIN_ENTRIES } from "@/lib/scoring/board-ranks";
import { entryKey, type EntryKey } from "@/lib/services/leaderboards/order";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { entryValuesOf, orderSql, RANK_COLUMN_SQL } from "@/lib/services/attempts/store";
import { boardSize, entriesAhead } from "@/lib/services/leaderboards/board-stats";
import { behindSql, decodeCursor, encodeCursor, type CursorState } from "@/lib/services/leaderboards/cursor";
import {
  displayName,
  pageSize,
  startOffset,
  type LeaderboardOptions,
  type LeaderboardPage,
  type LeaderboardRow,
} from "@/lib/services/leaderboards/page";

// Challenge boards: one row per player (their best) from the materialized
// ChallengeLeaderboardEntry rows, one index range scan on (challenge_id, <strategy column>,
// achieved_at) — O(offset + limit) rows for a page (O(limit) with a cursor), O(rank) index
// entries to place the viewer, O(players) for the total.

type BoardEntry = LeaderboardEntryWithPlayer;

function challengeRow(e: BoardEntry, rank: number): LeaderboardRow {
  return {
    rank,
    account_id: e.accountId,
    display_name: displayName(e.account),
    score: e.score,
    elapsed_ms: e.elapsedMs,
    tokens_total: e.tokensTotal,
    judge_rating: e.judgeRating,
    achieved_at: e.achievedAt.toISOString(),
    attempts: e.attemptsCount,
  };
}

// Challenge boards are read with direct SQL (lib/db/sql.ts): one statement for the page with
// the players' names joined in, and the viewer's rank as index range counts.

const ENTRY_SELECT = `SELECT e.account_id, e.best_attempt_id, e.score, e.elapsed_ms, e.tokens_total, e.judge_rating,
    e.achieved_at, e.attempts_count, a.name AS account_name, p.display_name
  FROM challenge_leaderboard_entries e
  LEFT JOIN accounts a ON a.id = e.account_id
  LEFT JOIN player_profiles p ON p.account_id = e.account_id`;

const PAGE_COLUMNS = `e.account_id, e.best_attempt_id, e.score, e.elapsed_ms, e.tokens_total, e.judge_rating, e.achieved_at,
  e.attempts_count`;

function entryOf(r: Record<string, unknown>): BoardEntry {
  return {
    ...entryValuesOf(r),
    attemptsCount: asNum(r.attempts_count),
    account:
      r.account_name === null || r.account_name === undefined
        ? null
        : { name: r.account_name as string, profile: { displayName: (r.display_name as string | null) ?? null } },
  };
}

function* pageStep(
  challengeId: string,
  strategy: ChallengeStrategy,
  cursor: CursorState | null,
  offset: number,
  take: number,
): Step<BoardEntry[]> {
  const params: Param[] = [challengeId, take];
  const after = cursor ? ` AND ${behindSql(strategy, cursor.key, params)}` : "";
  params.push(offset);
  // Page the entries alone (index order, no join for the rows skipped by the offset), then
  // join the names of the page's players.
  const rows = yield* all<Record<string, unknown>>(
    `${ENTRY_SELECT.replace("FROM challenge_leaderboard_entries e", `FROM (SELECT ${PAGE_COLUMNS} FROM challenge_leaderboard_entries e
       WHERE e.challenge_id = $1${after} ORDER BY ${orderSql(strategy, "e.")} LIMIT $2 OFFSET $${params.length}) e`)}
     ORDER BY ${orderSql(strategy, "e.")}`,
    ...params,
  );
  return rows.map(entryOf);
}

/**
 * How many entries rank ahead of `key`: the keyset condition split into index range counts
 * (value better; same value, earlier; same value and time, smaller id), so the database counts
 * index entries instead of testing an OR per row.
 */
function* aheadCount(challengeId: string, strategy: ChallengeStrategy, key: EntryKey): Step<number> {
  const from = `FROM challenge_leaderboard_entries WHERE challenge_id = $1`;
  let sql: string;
  const params: Param[] = [challengeId, key.achievedAt, key.bestAttemptId];
  if (strategy.column === "achievedAt" || key.value === null) {
    sql = `SELECT (SELECT COUNT(*) ${from} AND achieved_at < $2)
      + (SELECT COUNT(*) ${from} AND achieved_at = $2 AND best_attempt_id < $3) AS n`;
  } else {
    const c = RANK_COLUMN_SQL[strategy.column];
    params.push(key.value);
    sql = `SELECT (SELECT COUNT(*) ${from} AND ${c} ${strategy.direction === "asc" ? "<" : ">"} $4)
      + (SELECT COUNT(*) ${from} AND ${c} = $4 AND achieved_at < $2)
      + (SELECT COUNT(*) ${from} AND ${c} = $4 AND achieved_at = $2 AND best_attempt_id < $3) AS n`;
  }
  const r = yield* one<{ n: unknown }>(sql, ...params);
  return asNum(r?.n);
}

function* viewerEntryStep(challengeId: string, accountId: string): Step<BoardEntry | null> {
  const r = yield* one<Record<string, unknown>>(`${ENTRY_SELECT} WHERE e.challenge_id = $1 AND e.account_id = $2 LIMIT 1`, challengeId, accountId);
  return r ? entryOf(r) : null;
}

function* challengeMeta(
  challengeId: string,
): Step<{ scoringStrategy: string; isActive: boolean; published: boolean } | null> {
  const r = yield* one<{ scoring_strategy: string; is_active: unknown; published: string | null }>(
    `SELECT c.scoring_strategy, c.is_active, w.published_version_id AS published
       FROM challenges c LEFT JOIN workflows w ON w.id = c.workflow_id WHERE c.id = $1`,
    challengeId,
  );
  return r ? { scoringStrategy: r.scoring_strategy, isActive: asBool(r.is_active), published: r.published != null } : null;
}

/** One row per player (their best), in the challenge's strategy order. */
export async function getChallengeLeaderboard(
  challengeId: string,
  opts: LeaderboardOptions = {},
): Promise<LeaderboardPage> {
  const limit = pageSize(opts.limit);
  const cursor = opts.cursor ? decodeCursor(opts.cursor) : null;
  const offset = cursor ? 0 : startOffset(opts.offset);
  const challenge = await query(() => challengeMeta(challengeId));
  if (!challenge || (!challenge.isActive && !opts.includeHidden)) throw notFound("Challenge");
  if (opts.playableOnly && !challenge.published) throw notFound("Challenge");
  const strategy = getChallengeStrategy(challenge.scoringStrategy);
  const firstRank = cursor ? cursor.rank + 1 : offset + 1;

  const [entries, total] = await Promise.all([
    query(() => pageStep(challengeId, strategy, cursor, offset, limit + 1)),
    boardSize(challengeId),
  ]);
  const page = entries.slice(0, limit);
  const rows = page.map((e, i) => challengeRow(e, firstRank + i));
  const last = page.at(-1);
  const next_cursor =
    entries.length > limit && last
      ? encodeCursor({ key: entryKey(strategy, last), rank: firstRank + page.length - 1 })
      : null;

  let viewer: LeaderboardRow | null = null;
  const viewerId = opts.viewerAccountId;
  if (viewerId) {
    viewer = rows.find((r) => r.account_id === viewerId) ?? null;
    if (!viewer) {
      const own = await query(() => viewerEntryStep(challengeId, viewerId));
      if (own) {
        const key = entryKey(strategy, own);
        const ahead =
          total >= RANK_SNAPSHOT_MIN_ENTRIES
            ? await entriesAhead(challengeId, strategy, key)
            : await query(() => aheadCount(challengeId, strategy, key));
        viewer = challengeRow(own, ahead + 1);
      }
    }
  }
  return { scoring_strategy: strategy.name, total, rows, viewer, next_cursor };
}
