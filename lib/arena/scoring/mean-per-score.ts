import type { Score, ScoringStrategy } from "@/lib/arena/types";
import { applyPerPlayer, counter, scoreAt } from "@/lib/arena/scoring/entry";
import { scoredPlayers } from "@/lib/arena/scoring/identity";

type PerDimension<T> = Record<keyof Score, T>;

/**
 * A strategy with metrics `<name>:security` / `<name>:utility`: the mean over the player's games
 * of `valueOf(score)` in that dimension, kept as running sums under `stateKeys`. A seat without a
 * (finite) score does not count as a game.
 */
export function meanPerScore(
  name: string,
  labels: PerDimension<string>,
  stateKeys: PerDimension<string>,
  valueOf: (dimensionScore: number) => number,
): ScoringStrategy {
  return {
    name,
    metrics: [
      { key: `${name}:security`, label: labels.security },
      { key: `${name}:utility`, label: labels.utility },
    ],
    update(result, store) {
      applyPerPlayer(
        store,
        scoredPlayers(result),
        (prev, { position }) => {
          const score = scoreAt(result, position);
          if (!score) return undefined;
          return {
            [stateKeys.security]: counter(prev, stateKeys.security) + valueOf(score.security),
            [stateKeys.utility]: counter(prev, stateKeys.utility) + valueOf(score.utility),
          };
        },
        (state, games) => ({
          [`${name}:security`]: counter(state, stateKeys.security) / games,
          [`${name}:utility`]: counter(state, stateKeys.utility) / games,
        }),
      );
    },
  };
}
