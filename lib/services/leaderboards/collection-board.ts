// Direct SQL: board reads at 1M attempts (README "Benchmarks" (b), and (b-pg) for the one-statement read).
import "server-only";
import { guestDisplayName, guestIdOfSession } from "@/lib/auth/guest-name";
import { db } from "@/lib/db";
import { asNum } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import { scoreCollectionStandings, type CollectionScorer, type PlayerEntries } from "@/lib/scoring/collection-custom";
import { netPoints, netPointsSql } from "@/lib/scoring/hint-cost";
import { getCollectionStrategy } from "@/lib/scoring/registry";
import type { CollectionStanding } from "@/lib/scoring/types";
import { pluginCollectionScorer, pluginVersion } from "@/lib/services/leaderboards/collection-scorer";
import {
  displayName,
  pageSize,
  startOffset,
  type LeaderboardOptions,
} from "@/lib/services/leaderboards/page";
import type { LeaderboardPage } from "@/lib/contracts/boards";

// Collection boards: one aggregate over the entries of the collection's challenges —
// O(entries) = O(players × challenges) rows read inside the database, O(players log players)
// to rank; only the page and the viewer's row come back. The custom strategy scores every
// player with the plugin, cached per player until their entries change (see
// lib/scoring/collection-custom.ts). A materialized per-collection standings table would make
// this O(limit); see the scoring notes in the report.

export interface CollectionRowExtra {
  /** Challenges of the collection this player has solved. */
  solved: number;
}

export interface CollectionLeaderboardOptions extends Omit<LeaderboardOptions, "cursor"> {
  /** custom strategy only: replaces the plugin scorer (tests). */
  scorer?: CollectionScorer;
}

/** A player's aggregate row, with its rank (`rnk`) and the board's `total`. */
type AggregateRow = Record<string, unknown>;

const standingFromRow: (r: AggregateRow) => CollectionStanding = rowMapper({
  endUserId: "text",
  accountId: "textOrNull",
  solved: "num",
  pointsTotal: "num",
  elapsedMsTotal: ["elapsed_total", "num"],
  tokensTotal: "num",
  ratingAvg: "numOrNull",
  lastAchievedAt: ["last_at", "date"],
});

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
    ranked = rows.map((r) => ({ standing: standingFromRow(r), rank: asNum(r.rnk) }));
    total = rows[0] ? asNum(rows[0].total) : await countPlayers(collectionId);
  } else {
    const players = await collectionEntries(collectionId);
    // A scorer given by the caller (tests) is not cached; the plugin scorer is, keyed by its version.
    const standings = opts.scorer
      ? await scoreCollectionStandings(collection, players, opts.scorer)
      : await scoreCollectionStandings(collection, players, pluginCollectionScorer, await pluginVersion(collection));
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
  const guests = await guestNamesOf(ranked.filter((r) => r.standing.accountId === null).map((r) => r.standing.endUserId));
  const toRow = ({ standing, rank }: { standing: CollectionStanding; rank: number }) => ({
    rank,
    account_id: standing.accountId,
    display_name: names.get(standing.accountId ?? "") ?? guests.get(standing.endUserId) ?? "Anonymous player",
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
             CAST(SUM(CASE WHEN it.scoring_strategy = 'custom' THEN COALESCE(e.score, 0)
                           ELSE ${Prisma.raw(netPointsSql("it.points", "e.hint_cost"))} END)
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
  return asNum(rows[0]?.n);
}

/** Every player's per-challenge bests in the collection (custom strategy). */
async function collectionEntries(collectionId: string): Promise<PlayerEntries> {
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
      hintCost: true,
    },
  });
  const players: PlayerEntries = new Map();
  for (const e of entries) {
    const challenge = byChallenge.get(e.challengeId);
    if (!challenge) continue;
    let p = players.get(e.endUserId);
    if (!p) players.set(e.endUserId, (p = { accountId: e.accountId, entries: [] }));
    p.entries.push({
      challengeId: e.challengeId,
      attemptId: e.bestAttemptId,
      points: challenge.scoringStrategy === "custom" ? (e.score ?? 0) : netPoints(challenge.points, e.hintCost),
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

/** "Guest-1234" for the guests among end users without an account. */
async function guestNamesOf(endUserIds: string[]): Promise<Map<string, string>> {
  if (endUserIds.length === 0) return new Map();
  const rows = await db.endUser.findMany({
    where: { id: { in: [...new Set(endUserIds)] }, type: "guest" },
    select: { id: true, sessionId: true },
  });
  return new Map(
    rows.flatMap((r) => {
      const id = guestIdOfSession(r.sessionId);
      return id ? [[r.id, guestDisplayName(id)] as const] : [];
    }),
  );
}
