import type { MetricDescriptor, ScoringStrategy } from "@/lib/arena/types";
import { average } from "@/lib/arena/scoring/average";
import { consecutive } from "@/lib/arena/scoring/consecutive";
import { globalAverage } from "@/lib/arena/scoring/global-average";
import { redTeam } from "@/lib/arena/scoring/red-team";
import { winRate } from "@/lib/arena/scoring/win-rate";

/** The per-game-type strategies (a game lists the names it runs). One line each: a new one is a one-line diff. */
// prettier-ignore
const STRATEGIES: readonly ScoringStrategy[] = [
  average,
  winRate,
  redTeam,
  consecutive,
];

export const scoringStrategies: Readonly<Record<string, ScoringStrategy>> = Object.freeze(
  Object.fromEntries(STRATEGIES.map((s) => [s.name, s])),
);

/** The name of the global leaderboard (computed by `globalAverage`, not a per-type strategy). */
export const GLOBAL_STRATEGY = globalAverage.name;

export function isScoringStrategyName(name: string): boolean {
  return Object.hasOwn(scoringStrategies, name);
}

/** A per-type strategy by name; an unknown name (a game's typo, a stale row) is an error. */
export function getScoringStrategy(name: string): ScoringStrategy {
  const strategy = Object.hasOwn(scoringStrategies, name) ? scoringStrategies[name] : undefined;
  if (!strategy) throw new Error(`Unknown arena scoring strategy: ${name}`);
  return strategy;
}

/** Every strategy's metric descriptors, the global one included (column headers for the UI). */
export function allMetricDescriptors(): Record<string, MetricDescriptor[]> {
  const all: Record<string, MetricDescriptor[]> = {};
  for (const s of STRATEGIES) all[s.name] = s.metrics.map((m) => ({ ...m }));
  all[GLOBAL_STRATEGY] = globalAverage.metrics.map((m) => ({ ...m }));
  return all;
}
