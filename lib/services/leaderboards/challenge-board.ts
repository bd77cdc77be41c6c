// Direct SQL: board reads at 1M attempts (README "Benchmarks" (b), and (b-pg) for the one-statement read).
import "server-only";
import { guestDisplayName, guestIdOfSession } from "@/lib/auth/guest-name";
import type { LeaderboardEntryWithPlayer, LeaderboardPage, LeaderboardRow } from "@/lib/contracts/boards";
import { all, asNum, asNumOrNull, dialect, one, query, type Param, type Step } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { notFound } from "@/lib/errors";
import { RANK_SNAPSHOT_MIN_ENTRIES } from "@/lib/scoring/board-ranks";
import { freshBoardSize, rememberBoardSize } from "@/lib/scoring/board-size";
import { entryKey, type EntryKey } from "@/lib/services/leaderboards/order";
import { netPoints } from "@/lib/scoring/hint-cost";
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
} from "@/lib/services/leaderboards/page";

// Challenge boards: one row per player (their best) from the materialized
// ChallengeLeaderboardEntry rows, one index range scan on (challenge_id, <strategy column>,
// achieved_at) — O(offset + limit) rows for a page (O(limit) with a cursor), O(rank) index
// entries to place the viewer, O(players) for the total.

type BoardEntry = LeaderboardEntryWithPlayer;

function challengeRow(e: BoardEntry, rank: number, strategy: ChallengeStrategy): LeaderboardRow {
  const hintCost = e.hintCost ?? 0;
  return {
    rank,
    account_id: e.accountId,
    display_name: displayName(e.account),
    // `first` scores a solve at the challenge's points: shown net of the player's hint costs.
    score: strategy.name === "first" && e.score !== null ? netPoints(e.score, hintCost) : e.score,
    ...(hintCost > 0 ? { hint_cost: hintCost } : {}),
    elapsed_ms: e.elapsedMs,
    tokens_total: e.tokensTotal,
    judge_rating: e.judgeRating,
    achieved_at: e.achievedAt.toISOString(),
    attempts: e.attemptsCount,
  };
}

// Challenge boards are read with direct SQL (lib/db/sql.ts). SQLite: a statement at a time
// (the challenge, the page with the players' names joined in, the viewer's entry, the viewer's
// rank as index range counts), each synchronous on the app's connection. PostgreSQL: all of it
// in one statement, one round trip (readInOneStatement below).

const ENTRY_SELECT = `SELECT e.account_id, e.best_attempt_id, e.score, e.elapsed_ms, e.tokens_total, e.judge_rating,
    e.achieved_at, e.attempts_count, e.hint_cost, a.name AS account_name, p.display_name, g.session_id AS guest_session
  FROM challenge_leaderboard_entries e
  LEFT JOIN accounts a ON a.id = e.account_id
  LEFT JOIN player_profiles p ON p.account_id = e.account_id
  LEFT JOIN end_users g ON g.id = e.end_user_id AND e.account_id IS NULL`;

const PAGE_COLUMNS = `e.account_id, e.best_attempt_id, e.score, e.elapsed_ms, e.tokens_total, e.judge_rating, e.achieved_at,
  e.attempts_count, e.hint_cost, e.end_user_id`;

/** A guest's entry (no account) is named "Guest-1234" (lib/auth/guest-name.ts). */
function guestAccount(r: Record<string, unknown>): BoardEntry["account"] {
  const id = guestIdOfSession(r.guest_session as string | null | undefined);
  return id ? { name: guestDisplayName(id), profile: { displayName: null } } : null;
}

const entryExtrasOf = rowMapper({
  attemptsCount: "num",
  hintCost: "num",
  accountName: "textOrNull",
  profileName: ["display_name", "textOrNull"],
});

function entryOf(r: Record<string, unknown>): BoardEntry {
  const { accountName, profileName, ...counts } = entryExtrasOf(r);
  return {
    ...entryValuesOf(r),
    ...counts,
    account: accountName === null ? guestAccount(r) : { name: accountName, profile: { displayName: profileName } },
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

interface ChallengeMeta {
  scoringStrategy: string;
  isActive: boolean;
  published: boolean;
}

const metaRowOf = rowMapper({ scoringStrategy: "text", isActive: "bool", published: "textOrNull" });
const metaOf = (r: Record<string, unknown>): ChallengeMeta => {
  const m = metaRowOf(r);
  return { ...m, published: m.published !== null };
};

function* challengeMeta(challengeId: string): Step<ChallengeMeta | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT c.scoring_strategy, c.is_active, w.published_version_id AS published
       FROM challenges c LEFT JOIN workflows w ON w.id = c.workflow_id WHERE c.id = $1`,
    challengeId,
  );
  return r ? metaOf(r) : null;
}

function visibleStrategy(challenge: ChallengeMeta | null, opts: LeaderboardOptions): ChallengeStrategy {
  if (!challenge || (!challenge.isActive && !opts.includeHidden)) throw notFound("Challenge");
  if (opts.playableOnly && !challenge.published) throw notFound("Challenge");
  return getChallengeStrategy(challenge.scoringStrategy);
}

interface PageRequest {
  limit: number;
  cursor: CursorState | null;
  offset: number;
  viewerId: string | null;
}

function pageRequest(opts: LeaderboardOptions): PageRequest {
  const limit = pageSize(opts.limit);
  const cursor = opts.cursor ? decodeCursor(opts.cursor) : null;
  const offset = cursor ? 0 : startOffset(opts.offset);
  return { limit, cursor, offset, viewerId: opts.viewerAccountId || null };
}

/** The page from its entries (one more than the limit when there is a next page). */
function assemble(
  strategy: ChallengeStrategy,
  req: PageRequest,
  entries: BoardEntry[],
  total: number,
): LeaderboardPage {
  const firstRank = req.cursor ? req.cursor.rank + 1 : req.offset + 1;
  const page = entries.slice(0, req.limit);
  const rows = page.map((e, i) => challengeRow(e, firstRank + i, strategy));
  const last = page.at(-1);
  const next_cursor =
    entries.length > req.limit && last
      ? encodeCursor({ key: entryKey(strategy, last), rank: firstRank + page.length - 1 })
      : null;
  const viewer = req.viewerId ? (rows.find((r) => r.account_id === req.viewerId) ?? null) : null;
  return { scoring_strategy: strategy.name, total, rows, viewer, next_cursor };
}

/** One row per player (their best), in the challenge's strategy order. */
export async function getChallengeLeaderboard(
  challengeId: string,
  opts: LeaderboardOptions = {},
): Promise<LeaderboardPage> {
  const req = pageRequest(opts);
  return dialect() === "postgresql" ? readInOneStatement(challengeId, opts, req) : readStepwise(challengeId, opts, req);
}

/**
 * The board statement by statement: the challenge, then the page (the size from the cache or a
 * count beside it), then the viewer's entry and rank. SQLite runs each statement synchronously
 * on its own connection, so there are no round trips to save; on PostgreSQL this is what
 * `getChallengeLeaderboard` did before it read everything in one statement, kept for the
 * benchmark's side-by-side comparison.
 */
export async function getChallengeLeaderboardStepwise(
  challengeId: string,
  opts: LeaderboardOptions = {},
): Promise<LeaderboardPage> {
  return readStepwise(challengeId, opts, pageRequest(opts));
}

async function readStepwise(challengeId: string, opts: LeaderboardOptions, req: PageRequest): Promise<LeaderboardPage> {
  const strategy = visibleStrategy(await query(() => challengeMeta(challengeId)), opts);
  const [entries, total] = await Promise.all([
    query(() => pageStep(challengeId, strategy, req.cursor, req.offset, req.limit + 1)),
    boardSize(challengeId),
  ]);
  const page = assemble(strategy, req, entries, total);
  if (req.viewerId && !page.viewer) {
    const viewerId = req.viewerId;
    const own = await query(() => viewerEntryStep(challengeId, viewerId));
    if (own) {
      const key = entryKey(strategy, own);
      const ahead =
        total >= RANK_SNAPSHOT_MIN_ENTRIES
          ? await entriesAhead(challengeId, strategy, key)
          : await query(() => aheadCount(challengeId, strategy, key));
      page.viewer = challengeRow(own, ahead + 1, strategy);
    }
  }
  return page;
}

// ---- PostgreSQL: the whole read in one statement --------------------------------------------
//
// Each statement costs a network round trip on PostgreSQL, and the stepwise read needs three
// (challenge; page beside the size; viewer's entry), four on a small board (the viewer's rank).
// One statement answers them all: the challenge's row, the page, the board's size when the
// per-process cache does not hold it, and the viewer's entry with, on a board below
// RANK_SNAPSHOT_MIN_ENTRIES, the index range counts that place it (a larger board places the
// viewer from the rank snapshot, as the stepwise read does).
//
// The statement's ORDER BY follows the challenge's strategy, which the statement itself reads,
// so it is written for the strategy this process last saw on the challenge, and read again
// with the right order when the challenge row says otherwise (the page is never served in an
// order other than the strategy the same statement returned). An unknown challenge reads its
// row alone first.

const strategyGuess = new Map<string, string>();
const MAX_GUESSES = 10_000;

function rememberStrategy(challengeId: string, name: string): void {
  if (strategyGuess.size >= MAX_GUESSES) strategyGuess.clear();
  strategyGuess.set(challengeId, name);
}

/** How many entries rank ahead of the entry `o` (a row of the statement), as in aheadCount. */
function aheadOfRowSql(strategy: ChallengeStrategy): string {
  const count = (where: string) => `(SELECT COUNT(*) FROM challenge_leaderboard_entries x WHERE x.challenge_id = $1 AND ${where})`;
  const tie = `${count("x.achieved_at < o.achieved_at")}
      + ${count("x.achieved_at = o.achieved_at AND x.best_attempt_id < o.best_attempt_id")}`;
  if (strategy.column === "achievedAt") return tie;
  const c = RANK_COLUMN_SQL[strategy.column];
  return `CASE WHEN o.${c} IS NULL THEN ${tie}
      ELSE ${count(`x.${c} ${strategy.direction === "asc" ? "<" : ">"} o.${c}`)}
      + ${count(`x.${c} = o.${c} AND x.achieved_at < o.achieved_at`)}
      + ${count(`x.${c} = o.${c} AND x.achieved_at = o.achieved_at AND x.best_attempt_id < o.best_attempt_id`)} END`;
}

/** How many entries the statement reads: the first of these above the limit. */
const FETCH_SIZES = [11, 21, 51, 101];

interface OneRead {
  meta: ChallengeMeta | null;
  entries: BoardEntry[];
  /** Counted in the statement (null when the cache held the size). */
  total: number | null;
  own: BoardEntry | null;
  /** Entries ahead of `own`, counted in the statement on a small board. */
  ownAhead: number | null;
}

function* boardStatement(
  challengeId: string,
  strategy: ChallengeStrategy,
  req: PageRequest,
  cachedTotal: number | null,
): Step<OneRead> {
  const params: Param[] = [challengeId];
  // LIMIT is written into the statement and so is OFFSET 0 (the first page, every cursor page,
  // every page with a viewer): with a parameter there, the planner can only guess 10% of the
  // board, so the prepared statement is planned again on every run (about half a millisecond)
  // instead of once per connection. The limit is rounded up to a few sizes (the extra rows are
  // not served) so there are few statement texts.
  const take = FETCH_SIZES.find((n) => n > req.limit) ?? req.limit + 1;
  let offset = "";
  if (req.offset > 0) {
    params.push(req.offset);
    offset = ` OFFSET $${params.length}`;
  }
  const after = req.cursor ? ` AND ${behindSql(strategy, req.cursor.key, params)}` : "";
  const ctes = [
    `meta AS (SELECT c.scoring_strategy, c.is_active, w.published_version_id AS published
       FROM challenges c LEFT JOIN workflows w ON w.id = c.workflow_id WHERE c.id = $1)`,
    // The entries alone in index order (no join for the rows the offset skips).
    `page AS (SELECT ${PAGE_COLUMNS} FROM challenge_leaderboard_entries e
       WHERE e.challenge_id = $1${after} ORDER BY ${orderSql(strategy, "e.")} LIMIT ${take}${offset})`,
  ];
  const counted = cachedTotal === null;
  if (counted) ctes.push(`size AS (SELECT COUNT(*) AS n FROM challenge_leaderboard_entries WHERE challenge_id = $1)`);
  let parts = `SELECT 0 AS part, p.*, NULL::bigint AS ahead FROM page p`;
  if (req.viewerId) {
    params.push(req.viewerId);
    ctes.push(`own AS (SELECT ${PAGE_COLUMNS} FROM challenge_leaderboard_entries e
       WHERE e.challenge_id = $1 AND e.account_id = $${params.length} LIMIT 1)`);
    // Counted only on a small board (a CASE evaluates the branch it takes).
    const ahead = counted
      ? `CASE WHEN (SELECT n FROM size) < ${RANK_SNAPSHOT_MIN_ENTRIES} THEN ${aheadOfRowSql(strategy)} END`
      : cachedTotal < RANK_SNAPSHOT_MIN_ENTRIES
        ? aheadOfRowSql(strategy)
        : "NULL::bigint";
    parts += `\n     UNION ALL SELECT 1, o.*, ${ahead} FROM own o`;
  }
  // The players' names as one primary-key lookup per row (a join could be planned as a hash
  // join over all accounts once the prepared statement goes generic).
  const rows = yield* all<Record<string, unknown>>(
    `WITH ${ctes.join(",\n  ")}
     SELECT m.scoring_strategy, m.is_active, m.published${counted ? ", s.n AS total" : ""},
       r.part, r.ahead, r.account_id, r.best_attempt_id, r.score, r.elapsed_ms, r.tokens_total, r.judge_rating,
       r.achieved_at, r.attempts_count, r.hint_cost,
       (SELECT a.name FROM accounts a WHERE a.id = r.account_id) AS account_name,
       (SELECT pp.display_name FROM player_profiles pp WHERE pp.account_id = r.account_id) AS display_name,
       (SELECT g.session_id FROM end_users g WHERE g.id = r.end_user_id AND r.account_id IS NULL) AS guest_session
     FROM meta m${counted ? " CROSS JOIN size s" : ""}
     LEFT JOIN (${parts}) r ON true
     ORDER BY r.part, ${orderSql(strategy, "r.")}`,
    ...params,
  );
  const first = rows[0];
  const read: OneRead = {
    meta: first ? metaOf(first) : null,
    entries: [],
    total: first && counted ? asNum(first.total) : null,
    own: null,
    ownAhead: null,
  };
  for (const r of rows) {
    if (r.part === null || r.part === undefined) continue;
    if (asNum(r.part) === 0) read.entries.push(entryOf(r));
    else {
      read.own = entryOf(r);
      read.ownAhead = asNumOrNull(r.ahead);
    }
  }
  return read;
}

async function readInOneStatement(challengeId: string, opts: LeaderboardOptions, req: PageRequest): Promise<LeaderboardPage> {
  let guess = strategyGuess.get(challengeId);
  for (let tries = 0; tries < 3; tries++) {
    if (guess === undefined) {
      const meta = await query(() => challengeMeta(challengeId));
      guess = visibleStrategy(meta, opts).name;
      rememberStrategy(challengeId, guess);
    }
    const strategy = getChallengeStrategy(guess);
    const cachedTotal = freshBoardSize(challengeId);
    const read = await query(() => boardStatement(challengeId, strategy, req, cachedTotal));
    const actual = visibleStrategy(read.meta, opts);
    if (actual.name !== strategy.name) {
      // The challenge's strategy changed since this process last read it: read in its order.
      guess = actual.name;
      rememberStrategy(challengeId, guess);
      continue;
    }
    let total = cachedTotal;
    if (total === null) {
      total = read.total ?? 0;
      rememberBoardSize(challengeId, total);
    }
    const page = assemble(strategy, req, read.entries, total);
    if (req.viewerId && !page.viewer && read.own) {
      const ahead =
        total >= RANK_SNAPSHOT_MIN_ENTRIES
          ? await entriesAhead(challengeId, strategy, entryKey(strategy, read.own))
          : read.ownAhead;
      if (ahead === null) throw new Error("The board statement did not place the viewer");
      page.viewer = challengeRow(read.own, ahead + 1, strategy);
    }
    return page;
  }
  // The strategy kept changing under the reads: read step by step (the challenge row first).
  return readStepwise(challengeId, opts, req);
}
