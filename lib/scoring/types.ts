// Client-safe scoring vocabulary: strategy names, the metrics a strategy ranks, and the shape of
// a strategy. Strategies never touch the database; the leaderboard service turns their order
// into queries over ChallengeLeaderboardEntry.

import type { ChallengeStrategyName, CollectionStrategyName } from "@/lib/contracts/scoring";

export {
  CHALLENGE_STRATEGIES,
  COLLECTION_STRATEGIES,
  type ChallengeStrategyName,
  type CollectionStrategyName,
} from "@/lib/contracts/scoring";

/** The leaderboard-entry columns a challenge strategy may rank by (each has its own index). */
export type RankColumn = "achievedAt" | "elapsedMs" | "tokensTotal" | "judgeRating" | "score";
export type SortDirection = "asc" | "desc";

/** A successful attempt, or a player's materialized best, as far as ranking is concerned. */
export interface RankedMetrics {
  /** The attempt id (an entry's bestAttemptId): the last tie-break. */
  id: string;
  score: number | null;
  elapsedMs: number | null;
  tokensTotal: number | null;
  judgeRating: number | null;
  achievedAt: Date;
}

/** What a strategy needs to give a successful attempt its stored score. */
export interface ScoreInput {
  elapsedMs: number | null;
  tokensTotal: number | null;
  judgeRating: number | null;
  /** The challenge's points (what a solve is worth). */
  points: number;
  /** custom only: the scorer plugin's score, or null when it failed. */
  pluginScore?: number | null;
}

export interface ChallengeStrategy {
  name: ChallengeStrategyName;
  /** Column ranked first; ties fall back to earliest achievement, then id. */
  column: RankColumn;
  direction: SortDirection;
  /**
   * The score stored on a successful attempt and reported in record events: the value the
   * strategy ranks by (ms, tokens, rating, plugin score) or, for `first`, the challenge's points.
   * Null means the attempt cannot be ranked (e.g. the scorer plugin failed).
   */
  score: (input: ScoreInput) => number | null;
  /** The value of the ranked column for an attempt, or null when it cannot be ranked. */
  rankValue: (m: Omit<RankedMetrics, "id" | "achievedAt">) => number | null;
}

/** One player's best result on one challenge, as a collection strategy sees it. */
export interface CollectionEntry {
  challengeId: string;
  /** What this solve adds to a `sum`: the challenge's points, or the custom score. */
  points: number;
  score: number | null;
  elapsedMs: number | null;
  tokensTotal: number | null;
  judgeRating: number | null;
  achievedAt: Date;
}

/** A player's aggregate over a collection; `customScore` is filled for `custom`. */
export interface CollectionStanding {
  endUserId: string;
  accountId: string | null;
  solved: number;
  pointsTotal: number;
  elapsedMsTotal: number;
  tokensTotal: number;
  /** Average judge rating over solved challenges that have one; null when none do. */
  ratingAvg: number | null;
  /** When the player reached this standing (their latest best). */
  lastAchievedAt: Date;
  customScore?: number | null;
}

export interface CollectionStrategy {
  name: CollectionStrategyName;
  /** The number shown as the player's collection score. */
  score: (s: CollectionStanding) => number | null;
  /** Negative when `a` ranks ahead of `b`. Total order: ends with the end user id. */
  compare: (a: CollectionStanding, b: CollectionStanding) => number;
  /**
   * The same order as an SQL ORDER BY over the aggregate columns (points_total, solved,
   * elapsed_total, tokens_total, rating_avg, last_at, end_user_id); a fixed literal. Absent for
   * `custom`, which is ranked in memory from plugin scores.
   */
  sqlOrder?: string;
}
