import type { ScoringStrategy } from "@/lib/arena/types";
import { applyPerPlayer, counter, scoreAt } from "@/lib/arena/scoring/entry";
import { breachCounts, scoredPlayers } from "@/lib/arena/scoring/identity";
import { WIN_THRESHOLD } from "@/lib/arena/scoring/win-rate";

const streak = (prev: number, kept: boolean) => (kept ? prev + 1 : 0);

/**
 * Current streaks in this game type, reset to 0 by a game that breaks them:
 * - `consecutive:security` / `consecutive:utility`: games in a row with that score ≥ 1,
 * - `consecutive:attack`: games in a row in which the player caused at least one breach
 *   (identity.ts `breachCounts`, as red-team: only a breach of another identified seat counts;
 *   unlike red-team, the game need not have every seat identified).
 * Games must be applied in `completedAt` order: the strategy trusts its caller for that. A seat
 * without a (finite) score does not count as a game. State: the three streaks.
 */
export const consecutive: ScoringStrategy = {
  name: "consecutive",
  metrics: [
    { key: "consecutive:security", label: "Security streak" },
    { key: "consecutive:utility", label: "Utility streak" },
    { key: "consecutive:attack", label: "Attack streak" },
  ],
  update(result, store) {
    const counts = breachCounts(result);
    applyPerPlayer(
      store,
      scoredPlayers(result),
      (prev, { position, userId }) => {
        const score = scoreAt(result, position);
        if (!score) return undefined;
        return {
          security: streak(counter(prev, "security"), score.security >= WIN_THRESHOLD),
          utility: streak(counter(prev, "utility"), score.utility >= WIN_THRESHOLD),
          attack: streak(counter(prev, "attack"), (counts.get(userId)?.caused ?? 0) >= 1),
        };
      },
      (state) => ({
        "consecutive:security": counter(state, "security"),
        "consecutive:utility": counter(state, "utility"),
        "consecutive:attack": counter(state, "attack"),
      }),
    );
  },
};
