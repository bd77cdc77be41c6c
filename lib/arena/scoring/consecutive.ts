import type { ScoringStrategy } from "@/lib/arena/types";
import { applyPerPlayer, counter, scoreAt } from "@/lib/arena/scoring/entry";
import { breachCounts, scoredPlayers } from "@/lib/arena/scoring/identity";
import { WIN_THRESHOLD } from "@/lib/arena/scoring/win-rate";

const streak = (prev: number, kept: boolean) => (kept ? prev + 1 : 0);

/**
 * Current streaks in this game type; games must be applied in `completedAt` order
 * (lib/arena/scoring/README.md, 'consecutive').
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
