import "server-only";
import type { LeaderboardEntryWithPlayer as EntryRow } from "@/lib/contracts/leaderboards";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import { boardSize } from "@/lib/scoring/board-size";
import { entriesAhead, RANK_SNAPSHOT_MIN_ENTRIES } from "@/lib/scoring/board-ranks";
import { entryKey, type EntryKey } from "@/lib/scoring/order";
import { all, asBool, asDate, asNum, asNumOrNull, one, query, type Param, type Step } from "@/lib/db/lean";
import { orderSql, RANK_COLUMN_SQL } from "@/lib/services/attempts/store";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { getChallengeStrategy, getCollectionStrategy } from "@/lib/scoring/registry";
import type { CollectionEntry, CollectionStanding } from "@/lib/scoring/types";
import { scoreCollectionStandings, type CollectionScorer } from "@/lib/scoring/collection-custom";

// Leaderboards are read from the materialized best-per-player rows (ChallengeLeaderboardEntry),
// never from attempts.
//
// Challenge boards: one index range scan on (challenge_id, <strategy column>, achieved_at) —
// O(offset + limit) rows for a page (O(limit) with a cursor), O(rank) index entries to place
// the viewer, O(players) for the total.
//
// Collection boards: one aggregate over the entries of the collection's challenges —
// O(entries) = O(players × challenges) rows read inside the database, O(players log players)
// to rank; only the page and the viewer's row come back. The custom strategy scores every
// player with the plugin, cached per player until their entries change (see
// lib/scoring/collection-custom.ts). A materialized per-collection standings table would make
// this O(limit); see the scoring notes in the report.

export const MAX_LEADERBOARD_LIMIT = 100;
export const DEFAULT_LEADERBOARD_LIMIT = 20;

export interface LeaderboardRow {
  rank: number;
  account_id: string | null;
  display_name: string;
  score: number | null;
  elapsed_ms: number | null;
  tokens_total: number | null;
  judge_rating: number | null;
  /** ISO time the best was achieved (collections: when the player reached this standing). */
  achieved_at: string;
  /** Challenge: completed attempts; collection: challenges solved. */
  attempts: number;
}

export interface LeaderboardPage<Extra = object> {
  scoring_strategy: string;
  total: number;
  rows: (LeaderboardRow & Extra)[];
  /** The viewer's own row wherever it ranks (null when not on the board or anonymous). */
  viewer: (LeaderboardRow & Extra) | null;
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export interface LeaderboardOptions {
  limit?: number;
  offset?: number;
  /** From a previous page's next_cursor; takes precedence over offset. */
  cursor?: string | null;
  viewerAccountId?: string | null;
  /** Console views: also serve inactive challenges / private collections. */
  includeHidden?: boolean;
  /**
   * Public views: only a playable challenge (its workflow has a published version), the same rule
   * as the public challenge detail, so the board does not reveal unpublished challenges.
   */
  playableOnly?: boolean;
}

interface CursorState {
  key: EntryKey;
  rank: number;
}

function encodeCursor(c: CursorState): string {
  const json = JSON.stringify([c.key.value, c.key.achievedAt.getTime(), c.key.bestAttemptId, c.rank]);
  return Buffer.from(json).toString("base64url");
}

function decodeCursor(cursor: string): CursorState {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 4) {
      const [value, at, id, rank] = parsed as unknown[];
      if (
        (value === null || typeof value === "number") &&
        typeof at === "number" &&
        Number.isFinite(at) &&
        typeof id === "string" &&
        typeof rank === "number" &&
        Number.isInteger(rank) &&
        rank >= 0
      ) {
        return { key: { value, achievedAt: new Date(at), bestAttemptId: id }, rank };
      }
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("validation_failed", "Invalid leaderboard cursor");
}

function pageSize(limit: number | undefined): number {
  const n = limit ?? DEFAULT_LEADERBOARD_LIMIT;
  if (!Number.isInteger(n) || n < 1 || n > MAX_LEADERBOARD_LIMIT) {
    throw new AppError("validation_failed", `limit must be an integer from 1 to ${MAX_LEADERBOARD_LIMIT}`);
  }
  return n;
}

function startOffset(offset: number | undefined): number {
  const n = offset ?? 0;
  if (!Number.isInteger(n) || n < 0) throw new AppError("validation_failed", "offset must be a non-negative integer");
  return n;
}

const displayName = (account: { name: string; profile: { displayName: string | null } | null } | null) =>
  account?.profile?.displayName?.trim() || account?.name || "Anonymous player";

function challengeRow(e: EntryRow, rank: number): LeaderboardRow {
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

// Challenge boards are read with lean SQL (lib/db/lean.ts): one statement for the page with
// the players' names joined in, and the viewer's rank as index range counts.

const ENTRY_SELECT = `SELECT e.account_id, e.best_attempt_id, e.score, e.elapsed_ms, e.tokens_total, e.judge_rating,
    e.achieved_at, e.attempts_count, a.name AS account_name, p.display_name
  FROM challenge_leaderboard_entries e
  LEFT JOIN accounts a ON a.id = e.account_id
  LEFT JOIN player_profiles p ON p.account_id = e.account_id`;

const PAGE_COLUMNS = `e.account_id, e.best_attempt_id, e.score, e.elapsed_ms, e.tokens_total, e.judge_rating, e.achieved_at,
  e.attempts_count`;

function entryOf(r: Record<string, unknown>): EntryRow {
  return {
    accountId: (r.account_id as string | null) ?? null,
    bestAttemptId: r.best_attempt_id as string,
    score: asNumOrNull(r.score),
    elapsedMs: asNumOrNull(r.elapsed_ms),
    tokensTotal: asNumOrNull(r.tokens_total),
    judgeRating: asNumOrNull(r.judge_rating),
    achievedAt: asDate(r.achieved_at),
    attemptsCount: asNum(r.attempts_count),
    account:
      r.account_name === null || r.account_name === undefined
        ? null
        : { name: r.account_name as string, profile: { displayName: (r.display_name as string | null) ?? null } },
  };
}

/** Entries strictly behind `key` in the strategy's order (keyset paging), params from $3 on. */
function behindSql(strategy: ChallengeStrategy, key: EntryKey, params: Param[]): string {
  params.push(key.achievedAt, key.bestAttemptId);
  const t = `$${params.length - 1}`;
  const id = `$${params.length}`;
  const tie = `(e.achieved_at > ${t} OR (e.achieved_at = ${t} AND e.best_attempt_id > ${id}))`;
  if (strategy.column === "achievedAt" || key.value === null) return tie;
  params.push(key.value);
  const v = `$${params.length}`;
  const c = `e.${RANK_COLUMN_SQL[strategy.column]}`;
  return `(${c} ${strategy.direction === "asc" ? ">" : "<"} ${v} OR (${c} = ${v} AND ${tie}))`;
}

function* pageStep(
  challengeId: string,
  strategy: ChallengeStrategy,
  cursor: CursorState | null,
  offset: number,
  take: number,
): Step<EntryRow[]> {
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

function* viewerEntryStep(challengeId: string, accountId: string): Step<EntryRow | null> {
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

export interface CollectionRowExtra {
  /** Challenges of the collection this player has solved. */
  solved: number;
}

export interface CollectionLeaderboardOptions extends Omit<LeaderboardOptions, "cursor"> {
  /** custom strategy only: replaces the plugin scorer (tests). */
  scorer?: CollectionScorer;
}

interface AggregateRow {
  end_user_id: string;
  account_id: string | null;
  solved: unknown;
  points_total: unknown;
  elapsed_total: unknown;
  tokens_total: unknown;
  rating_avg: unknown;
  last_at: unknown;
  rnk: unknown;
  total: unknown;
}

const num = (v: unknown): number => (typeof v === "bigint" ? Number(v) : Number(v ?? 0));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));

/** SQLite hands back stored text or epoch numbers, PostgreSQL a Date. */
function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === "number" || typeof v === "bigint") return new Date(Number(v));
  if (typeof v === "string") return new Date(/^\d+$/.test(v) ? Number(v) : v);
  return new Date(0);
}

function standingFromRow(r: AggregateRow): CollectionStanding {
  return {
    endUserId: r.end_user_id,
    accountId: r.account_id,
    solved: num(r.solved),
    pointsTotal: num(r.points_total),
    elapsedMsTotal: num(r.elapsed_total),
    tokensTotal: num(r.tokens_total),
    ratingAvg: numOrNull(r.rating_avg),
    lastAchievedAt: toDate(r.last_at),
  };
}

/**
 * One row per player over the collection's challenges, combined by the collection's strategy
 * from each player's per-challenge best. Offset paging only (the rank is computed per request).
 */
export async function getCollectionLeaderboard(
  collectionId: string,
  opts: CollectionLeaderboardOptions = {},
): Promise<LeaderboardPage<CollectionRowExtra>> {
  const limit = pageSize(opts.limit);
  const offset = startOffset(opts.offset);
  const collection = await db.challengeCollection.findUnique({
    where: { id: collectionId },
    select: {
      id: true,
      workspaceId: true,
      isPublic: true,
      scoringStrategy: true,
      scoringPluginId: true,
      scoringEntrypoint: true,
      scoringConfig: true,
    },
  });
  if (!collection || (!collection.isPublic && !opts.includeHidden)) throw notFound("Collection");
  const strategy = getCollectionStrategy(collection.scoringStrategy);

  let ranked: { standing: CollectionStanding; rank: number }[];
  let total: number;
  if (strategy.sqlOrder) {
    const rows = await aggregateRanked(collectionId, strategy.sqlOrder, offset, limit, opts.viewerAccountId ?? null);
    ranked = rows.map((r) => ({ standing: standingFromRow(r), rank: num(r.rnk) }));
    total = rows[0] ? num(rows[0].total) : await countPlayers(collectionId);
  } else {
    const standings = await scoreCollectionStandings(collection, await collectionEntries(collectionId), opts.scorer);
    standings.sort(strategy.compare);
    total = standings.length;
    ranked = standings
      .map((standing, i) => ({ standing, rank: i + 1 }))
      .filter(
        ({ standing, rank }) =>
          (rank > offset && rank <= offset + limit) ||
          (opts.viewerAccountId != null && standing.accountId === opts.viewerAccountId),
      );
  }

  const names = await displayNames(ranked.map((r) => r.standing.accountId));
  const toRow = ({ standing, rank }: { standing: CollectionStanding; rank: number }) => ({
    rank,
    account_id: standing.accountId,
    display_name: names.get(standing.accountId ?? "") ?? "Anonymous player",
    score: strategy.score(standing),
    elapsed_ms: standing.elapsedMsTotal,
    tokens_total: standing.tokensTotal,
    judge_rating: standing.ratingAvg,
    achieved_at: standing.lastAchievedAt.toISOString(),
    attempts: standing.solved,
    solved: standing.solved,
  });
  const rows = ranked.filter((r) => r.rank > offset && r.rank <= offset + limit).map(toRow);
  const own = opts.viewerAccountId ? ranked.find((r) => r.standing.accountId === opts.viewerAccountId) : undefined;
  return {
    scoring_strategy: strategy.name,
    total,
    rows,
    viewer: own ? toRow(own) : null,
    next_cursor: null,
  };
}

/**
 * The aggregate per player over the collection's entries, ranked by `order` (a fixed literal
 * from the strategy), returning the page and the viewer's row. Portable SQL: window functions
 * exist on SQLite ≥ 3.25 and PostgreSQL; CAST(... AS DOUBLE PRECISION) is REAL on SQLite.
 */
async function aggregateRanked(
  collectionId: string,
  order: string,
  offset: number,
  limit: number,
  viewerAccountId: string | null,
): Promise<AggregateRow[]> {
  return db.$queryRaw<AggregateRow[]>`
    WITH items AS (
      SELECT i.challenge_id, c.points, c.scoring_strategy
      FROM challenge_collection_items i JOIN challenges c ON c.id = i.challenge_id
      WHERE i.collection_id = ${collectionId}
    ),
    agg AS (
      SELECT e.end_user_id AS end_user_id,
             MAX(e.account_id) AS account_id,
             COUNT(*) AS solved,
             CAST(SUM(CASE WHEN it.scoring_strategy = 'custom' THEN COALESCE(e.score, 0) ELSE it.points END)
                  AS DOUBLE PRECISION) AS points_total,
             CAST(SUM(COALESCE(e.elapsed_ms, 0)) AS DOUBLE PRECISION) AS elapsed_total,
             CAST(SUM(COALESCE(e.tokens_total, 0)) AS DOUBLE PRECISION) AS tokens_total,
             CAST(AVG(e.judge_rating) AS DOUBLE PRECISION) AS rating_avg,
             MAX(e.achieved_at) AS last_at
      FROM challenge_leaderboard_entries e JOIN items it ON it.challenge_id = e.challenge_id
      GROUP BY e.end_user_id
    ),
    ranked AS (
      SELECT agg.*, ROW_NUMBER() OVER (ORDER BY ${Prisma.raw(order)}) AS rnk, COUNT(*) OVER () AS total
      FROM agg
    )
    SELECT * FROM ranked
    WHERE (rnk > ${offset} AND rnk <= ${offset + limit}) OR account_id = ${viewerAccountId}
    ORDER BY rnk`;
}

async function countPlayers(collectionId: string): Promise<number> {
  const rows = await db.$queryRaw<{ n: unknown }[]>`
    SELECT COUNT(DISTINCT e.end_user_id) AS n
    FROM challenge_leaderboard_entries e
    JOIN challenge_collection_items i ON i.challenge_id = e.challenge_id
    WHERE i.collection_id = ${collectionId}`;
  return num(rows[0]?.n);
}

/** Every player's per-challenge bests in the collection (custom strategy). */
async function collectionEntries(
  collectionId: string,
): Promise<Map<string, { accountId: string | null; entries: (CollectionEntry & { attemptId: string })[] }>> {
  const items = await db.challengeCollectionItem.findMany({
    where: { collectionId },
    select: { challenge: { select: { id: true, points: true, scoringStrategy: true } } },
  });
  const byChallenge = new Map(items.map((i) => [i.challenge.id, i.challenge]));
  const entries = await db.challengeLeaderboardEntry.findMany({
    where: { challengeId: { in: [...byChallenge.keys()] } },
    select: {
      challengeId: true,
      endUserId: true,
      accountId: true,
      bestAttemptId: true,
      score: true,
      elapsedMs: true,
      tokensTotal: true,
      judgeRating: true,
      achievedAt: true,
    },
  });
  const players = new Map<string, { accountId: string | null; entries: (CollectionEntry & { attemptId: string })[] }>();
  for (const e of entries) {
    const challenge = byChallenge.get(e.challengeId);
    if (!challenge) continue;
    let p = players.get(e.endUserId);
    if (!p) players.set(e.endUserId, (p = { accountId: e.accountId, entries: [] }));
    p.entries.push({
      challengeId: e.challengeId,
      attemptId: e.bestAttemptId,
      points: challenge.scoringStrategy === "custom" ? (e.score ?? 0) : challenge.points,
      score: e.score,
      elapsedMs: e.elapsedMs,
      tokensTotal: e.tokensTotal,
      judgeRating: e.judgeRating,
      achievedAt: e.achievedAt,
    });
  }
  return players;
}

async function displayNames(accountIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(accountIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const accounts = await db.account.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, profile: { select: { displayName: true } } },
  });
  return new Map(accounts.map((a) => [a.id, displayName(a)]));
}

