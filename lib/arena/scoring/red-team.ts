import type { ScoringStrategy } from "@/lib/arena/types";
import { applyPerPlayer, counter } from "@/lib/arena/scoring/entry";
import { breachCounts, everyPlayerIdentified, scoredPlayers } from "@/lib/arena/scoring/identity";

/**
 * Attack and defend ratios from breach attributions, unclamped; only fully identified games count
 * (lib/arena/scoring/README.md, 'red-team').
 */
export const redTeam: ScoringStrategy = {
  name: "red-team",
  metrics: [
    { key: "red-team:attack", label: "Attack success" },
    { key: "red-team:defend", label: "Defense" },
  ],
  update(result, store) {
    if (!everyPlayerIdentified(result)) return;
    const counts = breachCounts(result);
    applyPerPlayer(
      store,
      scoredPlayers(result),
      (prev, { userId }) => ({
        caused: counter(prev, "caused") + (counts.get(userId)?.caused ?? 0),
        suffered: counter(prev, "suffered") + (counts.get(userId)?.suffered ?? 0),
      }),
      (state, games) => ({
        "red-team:attack": counter(state, "caused") / games,
        "red-team:defend": 1 - counter(state, "suffered") / games,
      }),
    );
  },
};
