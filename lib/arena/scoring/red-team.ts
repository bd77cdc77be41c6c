import type { ScoringStrategy } from "@/lib/arena/types";
import { applyPerPlayer, counter } from "@/lib/arena/scoring/entry";
import { breachCounts, everyPlayerIdentified, scoredPlayers } from "@/lib/arena/scoring/identity";

/**
 * From `security_breach` attributions (identity.ts `breachCounts`: each attribution counts once,
 * both parties must be identified, distinct seats):
 * - `red-team:attack` = breaches caused ÷ games,
 * - `red-team:defend` = 1 − times breached ÷ games.
 * Neither is clamped: a player breached twice in one game counts 2, so `defend` can fall below 0
 * (and `attack` rise above 1) when a game attributes several breaches to one player; the figures
 * stay the plain ratios the leaderboard can recompute from the stored counts.
 * Only games in which every seat has an identity count (an anonymous opponent's breaches could
 * not be credited): any other game is skipped for every player. State: `caused`, `suffered`.
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
