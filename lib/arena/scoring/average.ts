import type { ScoringStrategy } from "@/lib/arena/types";
import { applyPerPlayer, counter, scoreAt } from "@/lib/arena/scoring/entry";
import { scoredPlayers } from "@/lib/arena/scoring/identity";

/**
 * `average:security` / `average:utility`: the mean of the player's scores in this game type.
 * State: `securitySum`, `utilitySum`; a seat without a (finite) score does not count as a game.
 */
export const average: ScoringStrategy = {
  name: "average",
  metrics: [
    { key: "average:security", label: "Security" },
    { key: "average:utility", label: "Utility" },
  ],
  update(result, store) {
    applyPerPlayer(
      store,
      scoredPlayers(result),
      (prev, { position }) => {
        const score = scoreAt(result, position);
        if (!score) return undefined;
        return {
          securitySum: counter(prev, "securitySum") + score.security,
          utilitySum: counter(prev, "utilitySum") + score.utility,
        };
      },
      (state, games) => ({
        "average:security": counter(state, "securitySum") / games,
        "average:utility": counter(state, "utilitySum") / games,
      }),
    );
  },
};
