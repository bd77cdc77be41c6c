import type { ScoringStrategy } from "@/lib/arena/types";
import { meanPerScore } from "@/lib/arena/scoring/mean-per-score";

/** A score of at least 1 is a win (the reference scores a full success as +1). */
export const WIN_THRESHOLD = 1;

/**
 * `win-rate:security` / `win-rate:utility`: the share of the player's games with that score ≥ 1.
 * State: `securityWins`, `utilityWins`; a seat without a (finite) score does not count as a game.
 */
export const winRate: ScoringStrategy = meanPerScore(
  "win-rate",
  { security: "Security wins", utility: "Utility wins" },
  { security: "securityWins", utility: "utilityWins" },
  (value) => (value >= WIN_THRESHOLD ? 1 : 0),
);
