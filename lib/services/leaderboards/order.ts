import type { Prisma } from "@/lib/generated/sqlite/client";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { entryKey, type EntryKey } from "@/lib/scoring/entry-key";

export { entryKey, type EntryKey };

// A challenge strategy's order as Prisma queries over ChallengeLeaderboardEntry. The leading
// (challengeId, <column>, achievedAt) part matches the per-strategy index in the schema; the
// final bestAttemptId only separates exact ties (same value, same millisecond) and keeps the
// order total and recomputable from the attempts.

type OrderBy = Prisma.ChallengeLeaderboardEntryOrderByWithRelationInput;
type Where = Prisma.ChallengeLeaderboardEntryWhereInput;

export function leaderboardOrderBy(strategy: ChallengeStrategy): OrderBy[] {
  const order: OrderBy[] = [];
  if (strategy.column !== "achievedAt") order.push({ [strategy.column]: strategy.direction });
  order.push({ achievedAt: "asc" }, { bestAttemptId: "asc" });
  return order;
}

/**
 * Entries strictly ahead of `key` in the strategy's order (keyset condition): used to page
 * after a cursor (negated) and to count a player's rank from the index.
 */
export function aheadOf(strategy: ChallengeStrategy, key: EntryKey): Where {
  const tie: Where[] = [
    { achievedAt: { lt: key.achievedAt } },
    { achievedAt: key.achievedAt, bestAttemptId: { lt: key.bestAttemptId } },
  ];
  if (strategy.column === "achievedAt" || key.value === null) return { OR: tie };
  const column = strategy.column;
  const better = strategy.direction === "asc" ? { lt: key.value } : { gt: key.value };
  return { OR: [{ [column]: better }, { [column]: key.value, OR: tie }] };
}

/** Entries strictly behind `key`: the page after a cursor. */
export function behind(strategy: ChallengeStrategy, key: EntryKey): Where {
  const tie: Where[] = [
    { achievedAt: { gt: key.achievedAt } },
    { achievedAt: key.achievedAt, bestAttemptId: { gt: key.bestAttemptId } },
  ];
  if (strategy.column === "achievedAt" || key.value === null) return { OR: tie };
  const column = strategy.column;
  const worse = strategy.direction === "asc" ? { gt: key.value } : { lt: key.value };
  return { OR: [{ [column]: worse }, { [column]: key.value, OR: tie }] };
}
