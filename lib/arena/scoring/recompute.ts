import type { GameResult, ScoringEntry, StoredEntry } from "@/lib/arena/types";
import { globalAverage } from "@/lib/arena/scoring/global-average";
import { getScoringStrategy } from "@/lib/arena/scoring/index";
import { MemoryScoringStore } from "@/lib/arena/scoring/memory-store";

/** Results in the order the arena applies them: `completedAt`, then `gameId` (code-unit order). */
export function compareResults(a: GameResult, b: GameResult): number {
  if (a.completedAt !== b.completedAt) return a.completedAt - b.completedAt;
  return a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0;
}

export interface RecomputedScores {
  /** game type → strategy → entries by player id. */
  perType: Map<string, Map<string, StoredEntry[]>>;
  /** The global leaderboard, by player id. */
  global: ScoringEntry[];
}

/**
 * Every figure from the raw results: what a rebuild writes and what tests check stored rows
 * against. Each type's strategies (`strategiesOf`) run over its results in `compareResults` order
 * on memory stores; then each player's global entry comes from their entries of every type's
 * default strategy (`defaultStrategyOf`), exactly as the incremental path computes it. A type whose
 * default strategy is not among its strategies is a configuration error.
 */
export function recomputeScores(
  results: readonly GameResult[],
  strategiesOf: (gameType: string) => readonly string[],
  defaultStrategyOf: (gameType: string) => string,
): RecomputedScores {
  const stores = new Map<string, Map<string, MemoryScoringStore>>();
  for (const result of [...results].sort(compareResults)) {
    const type = result.challengeType;
    let byStrategy = stores.get(type);
    if (!byStrategy) {
      byStrategy = new Map();
      for (const name of strategiesOf(type)) byStrategy.set(name, new MemoryScoringStore());
      const def = defaultStrategyOf(type);
      if (!byStrategy.has(def)) {
        throw new Error(`Game type ${type}: default strategy ${def} is not one of its strategies`);
      }
      stores.set(type, byStrategy);
    }
    for (const [name, store] of byStrategy) getScoringStrategy(name).update(result, store);
  }

  const perType = new Map<string, Map<string, StoredEntry[]>>();
  const defaults = new Map<string, { gameType: string; entry: ScoringEntry }[]>();
  for (const [type, byStrategy] of stores) {
    const out = new Map<string, StoredEntry[]>();
    const def = defaultStrategyOf(type);
    for (const [name, store] of byStrategy) {
      const entries = store.entries();
      out.set(name, entries);
      if (name !== def) continue;
      for (const entry of entries) {
        const list = defaults.get(entry.playerId) ?? [];
        list.push({ gameType: type, entry });
        defaults.set(entry.playerId, list);
      }
    }
    perType.set(type, out);
  }

  const global: ScoringEntry[] = [];
  for (const playerId of [...defaults.keys()].sort()) {
    const figures = globalAverage.compute(defaults.get(playerId) ?? [], defaultStrategyOf);
    if (figures) global.push({ playerId, ...figures });
  }
  return { perType, global };
}
