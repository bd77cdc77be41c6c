import { z } from "zod";
import { oneOf } from "@/lib/contracts/primitives";

// The scoring strategy names, client-safe. lib/scoring/registry.ts keys its strategies by these
// names (a Record over them, so a name without a strategy or a strategy without a name does not
// compile); forms, validation and the builder read the lists from here.

export const CHALLENGE_STRATEGIES = [
  "first",
  "fastest",
  "fewest_tokens",
  "highest_rating",
  "custom",
] as const;
export type ChallengeStrategyName = (typeof CHALLENGE_STRATEGIES)[number];

export const COLLECTION_STRATEGIES = [
  "sum",
  "fastest_total",
  "fewest_tokens_total",
  "highest_avg_rating",
  "custom",
] as const;
export type CollectionStrategyName = (typeof COLLECTION_STRATEGIES)[number];

export const challengeStrategySchema = z.enum(CHALLENGE_STRATEGIES, {
  error: `scoring_strategy must be ${oneOf(CHALLENGE_STRATEGIES)}`,
});

export const collectionStrategySchema = z.enum(COLLECTION_STRATEGIES, {
  error: `scoring_strategy must be ${oneOf(COLLECTION_STRATEGIES)}`,
});
