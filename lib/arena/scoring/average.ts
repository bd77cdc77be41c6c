import type { ScoringStrategy } from "@/lib/arena/types";
import { meanPerScore } from "@/lib/arena/scoring/mean-per-score";

/**
 * `average:security` / `average:utility`: the mean of the player's scores in this game type.
 * State: `securitySum`, `utilitySum`; a seat without a (finite) score does not count as a game.
 */
export const average: ScoringStrategy = meanPerScore(
  "average",
  { security: "Security", utility: "Utility" },
  { security: "securitySum", utility: "utilitySum" },
  (value) => value,
);
