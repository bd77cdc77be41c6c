import type { ChallengeStrategy, CollectionStanding, RankedMetrics } from "@/lib/scoring/types";

// Shared comparison helpers. Every order is total: strategy value, then earliest achievement,
// then id, so two reads of the same board always agree.

export const byNumber = (a: number, b: number, direction: "asc" | "desc") => (direction === "asc" ? a - b : b - a);

/** Code-unit order, as SQLite compares text and as PostgreSQL orders our lowercase UUIDs. */
export const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Numbers that may be missing: missing ones rank last in either direction. */
export function byNullable(a: number | null, b: number | null, direction: "asc" | "desc"): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return byNumber(a, b, direction);
}

/**
 * Negative when `a` ranks ahead of `b` on a challenge board. Attempts that cannot be ranked
 * (null value) go last; they never reach the materialized board.
 */
export function compareRanked(strategy: ChallengeStrategy, a: RankedMetrics, b: RankedMetrics): number {
  if (strategy.column !== "achievedAt") {
    const c = byNullable(strategy.rankValue(a), strategy.rankValue(b), strategy.direction);
    if (c !== 0) return c;
  }
  return a.achievedAt.getTime() - b.achievedAt.getTime() || byId(a.id, b.id);
}

/**
 * Is `candidate` a strictly better result than the player's `current` best? Only the strategy's
 * value decides; an equal value keeps the earlier best, and `first` never replaces one.
 */
export function isBetter(
  strategy: ChallengeStrategy,
  candidate: Omit<RankedMetrics, "id" | "achievedAt">,
  current: Omit<RankedMetrics, "id" | "achievedAt">,
): boolean {
  if (strategy.column === "achievedAt") return false;
  const next = strategy.rankValue(candidate);
  if (next === null) return false;
  const prev = strategy.rankValue(current);
  if (prev === null) return true;
  return byNumber(next, prev, strategy.direction) < 0;
}

/** Collection tie-breaks after the strategy's own keys: earliest standing, then end user id. */
export function byAchievement(a: CollectionStanding, b: CollectionStanding): number {
  return a.lastAchievedAt.getTime() - b.lastAchievedAt.getTime() || byId(a.endUserId, b.endUserId);
}
