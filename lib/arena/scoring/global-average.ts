import type { MetricDescriptor, ScoringEntry } from "@/lib/arena/types";
import { finiteOr0 } from "@/lib/arena/scoring/entry";

/** One game type's entry of a player under that type's default strategy. */
export interface TypeEntry {
  gameType: string;
  entry: ScoringEntry;
}

/** The global figures of one player (the caller adds the player id it computed them for). */
export type GlobalFigures = Omit<ScoringEntry, "playerId">;

/** The global leaderboard's shape: a name and metrics like a strategy, but computed across types. */
export interface GlobalScoring {
  name: string;
  metrics: MetricDescriptor[];
  compute(
    perType: readonly TypeEntry[],
    defaultStrategyOf: (gameType: string) => string,
  ): GlobalFigures | undefined;
}

const AXES = ["security", "utility"] as const;

/**
 * The global leaderboard: pure and order-independent means over every game type's default entry
 * (lib/arena/scoring/README.md, 'global-average').
 */
export const globalAverage: GlobalScoring = {
  name: "global-average",
  metrics: [
    { key: "global-average:security", label: "Security" },
    { key: "global-average:utility", label: "Utility" },
  ],
  compute(
    perType: readonly TypeEntry[],
    defaultStrategyOf: (gameType: string) => string,
  ): GlobalFigures | undefined {
    const sorted = [...perType].sort((a, b) =>
      a.gameType < b.gameType ? -1 : a.gameType > b.gameType ? 1 : 0,
    );
    const sums = { security: 0, utility: 0 };
    const types = { security: 0, utility: 0 };
    let gamesPlayed = 0;
    for (const [i, { gameType, entry }] of sorted.entries()) {
      if (i > 0 && sorted[i - 1]?.gameType === gameType) {
        throw new Error(`globalAverage.compute: two entries for game type ${gameType}`);
      }
      const games = finiteOr0(entry.gamesPlayed);
      if (games <= 0) continue;
      const strategy = defaultStrategyOf(gameType);
      let contributed = false;
      for (const axis of AXES) {
        const value = entry.metrics[`${strategy}:${axis}`];
        if (typeof value !== "number" || !Number.isFinite(value)) continue;
        sums[axis] += value;
        types[axis] += 1;
        contributed = true;
      }
      if (contributed) gamesPlayed += games;
    }
    if (gamesPlayed === 0) return undefined;
    const metrics: Record<string, number> = {};
    for (const axis of AXES) {
      if (types[axis] > 0) metrics[`global-average:${axis}`] = sums[axis] / types[axis];
    }
    return { gamesPlayed, metrics };
  },
};
