import type { ScoringStrategy } from "@/lib/arena/types";
import { applyPerPlayer, counter, scoreAt } from "@/lib/arena/scoring/entry";
import { scoredPlayers } from "@/lib/arena/scoring/identity";

/** A score of at least 1 is a win (the reference scores a full success as +1). */
export const WIN_THRESHOLD = 1;

/**
 * `win-rate:security` / `win-rate:utility`: the share of the player's games with that score ≥ 1.
 * State: `securityWins`, `utilityWins`; a seat without a (finite) score does not count as a game.
 */
export const winRate: ScoringStrategy = {
  name: "win-rate",
  metrics: [
    { key: "win-rate:security", label: "Security wins" },
    { key: "win-rate:utility", label: "Utility wins" },
  ],
  update(result, store) {
    applyPerPlayer(
      store,
      scoredPlayers(result),
      (prev, { position }) => {
        const score = scoreAt(result, position);
        if (!score) return undefined;
        return {
          securityWins: counter(prev, "securityWins") + (score.security >= WIN_THRESHOLD ? 1 : 0),
          utilityWins: counter(prev, "utilityWins") + (score.utility >= WIN_THRESHOLD ? 1 : 0),
        };
      },
      (state, games) => ({
        "win-rate:security": counter(state, "securityWins") / games,
        "win-rate:utility": counter(state, "utilityWins") / games,
      }),
    );
  },
};
