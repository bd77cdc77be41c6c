import type { ChallengeStrategy } from "@/lib/scoring/types";

/** The earliest successful attempt wins; a later success never replaces a player's first one. */
export const first: ChallengeStrategy = {
  name: "first",
  column: "achievedAt",
  direction: "asc",
  // Every solve is worth the challenge's points; the order comes from the time alone.
  score: ({ points }) => points,
  // Always rankable: the achievement time is the ranked value and is compared separately.
  rankValue: () => 0,
};
