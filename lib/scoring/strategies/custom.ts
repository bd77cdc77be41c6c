import type { ChallengeStrategy } from "@/lib/scoring/types";

/**
 * The creator's scorer plugin gives the score (higher is better). A scorer failure leaves the
 * success unscored and off the board rather than guessing a number.
 */
export const custom: ChallengeStrategy = {
  name: "custom",
  column: "score",
  direction: "desc",
  score: ({ pluginScore }) => (typeof pluginScore === "number" && Number.isFinite(pluginScore) ? pluginScore : null),
  rankValue: ({ score }) => score,
};
