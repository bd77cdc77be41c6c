import type { ChallengeStrategy } from "@/lib/scoring/types";

/** The success with the lowest tokens_total wins: the player's own tokens, never the judge's. */
export const fewestTokens: ChallengeStrategy = {
  name: "fewest_tokens",
  column: "tokensTotal",
  direction: "asc",
  score: ({ tokensTotal }) => tokensTotal,
  rankValue: ({ tokensTotal }) => tokensTotal,
};
