import { custom } from "@/lib/scoring/strategies/custom";
import { fastest } from "@/lib/scoring/strategies/fastest";
import { fewestTokens } from "@/lib/scoring/strategies/fewest-tokens";
import { first } from "@/lib/scoring/strategies/first";
import { highestRating } from "@/lib/scoring/strategies/highest-rating";
import { customCollection } from "@/lib/scoring/strategies/collection/custom";
import { fastestTotal } from "@/lib/scoring/strategies/collection/fastest-total";
import { fewestTokensTotal } from "@/lib/scoring/strategies/collection/fewest-tokens-total";
import { highestAvgRating } from "@/lib/scoring/strategies/collection/highest-avg-rating";
import { sum } from "@/lib/scoring/strategies/collection/sum";
import {
  CHALLENGE_STRATEGIES,
  COLLECTION_STRATEGIES,
  type ChallengeStrategy,
  type ChallengeStrategyName,
  type CollectionEntry,
  type CollectionStanding,
  type CollectionStrategy,
  type CollectionStrategyName,
} from "@/lib/scoring/types";

export const challengeStrategies: Readonly<Record<ChallengeStrategyName, ChallengeStrategy>> = {
  first,
  fastest,
  fewest_tokens: fewestTokens,
  highest_rating: highestRating,
  custom,
};

export const collectionStrategies: Readonly<Record<CollectionStrategyName, CollectionStrategy>> = {
  sum,
  fastest_total: fastestTotal,
  fewest_tokens_total: fewestTokensTotal,
  highest_avg_rating: highestAvgRating,
  custom: customCollection,
};

export const isChallengeStrategyName = (v: unknown): v is ChallengeStrategyName =>
  typeof v === "string" && (CHALLENGE_STRATEGIES as readonly string[]).includes(v);

export const isCollectionStrategyName = (v: unknown): v is CollectionStrategyName =>
  typeof v === "string" && (COLLECTION_STRATEGIES as readonly string[]).includes(v);

/** The strategy stored on a challenge. The column is free text, so an unknown name is an error. */
export function getChallengeStrategy(name: string): ChallengeStrategy {
  if (!isChallengeStrategyName(name)) throw new Error(`Unknown challenge scoring strategy: ${name}`);
  return challengeStrategies[name];
}

export function getCollectionStrategy(name: string): CollectionStrategy {
  if (!isCollectionStrategyName(name)) throw new Error(`Unknown collection scoring strategy: ${name}`);
  return collectionStrategies[name];
}

/** One player's collection standing from their per-challenge bests (at least one). */
export function aggregateStanding(
  endUserId: string,
  accountId: string | null,
  entries: readonly CollectionEntry[],
): CollectionStanding {
  let pointsTotal = 0;
  let elapsedMsTotal = 0;
  let tokensTotal = 0;
  let ratingSum = 0;
  let rated = 0;
  let last = 0;
  for (const e of entries) {
    pointsTotal += e.points;
    elapsedMsTotal += e.elapsedMs ?? 0;
    tokensTotal += e.tokensTotal ?? 0;
    if (e.judgeRating !== null) {
      ratingSum += e.judgeRating;
      rated += 1;
    }
    last = Math.max(last, e.achievedAt.getTime());
  }
  return {
    endUserId,
    accountId,
    solved: entries.length,
    pointsTotal,
    elapsedMsTotal,
    tokensTotal,
    ratingAvg: rated > 0 ? ratingSum / rated : null,
    lastAchievedAt: new Date(last),
  };
}
