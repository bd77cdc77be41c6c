import type { GameResult, Score, ScoringStore, StoredEntry } from "@/lib/arena/types";
import type { ScoredPlayer } from "@/lib/arena/scoring/identity";

/** A player's row before their first game. */
export function zeroEntry(playerId: string): StoredEntry {
  return { playerId, gamesPlayed: 0, metrics: {}, state: {} };
}

/** A stored number; a missing or corrupt value (a row written by hand, say) reads as 0. */
export function finiteOr0(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** A running counter of a stored state. */
export function counter(state: Record<string, number>, key: string): number {
  return finiteOr0(state[key]);
}

/** The player's final score, or undefined when the result carries none (or a non-finite one). */
export function scoreAt(result: GameResult, position: number): Score | undefined {
  const s = result.scores[position];
  return s && Number.isFinite(s.security) && Number.isFinite(s.utility) ? s : undefined;
}

/**
 * Applies one game to each given player's row: `next` gets the player's previous running state
 * and returns the new one, `metricsOf` derives the metrics from that state and the new game count
 * (the stored figures are always a function of the state, never accumulated on their own).
 * `next` returning undefined leaves the player's row untouched (this game does not count for them).
 */
export function applyPerPlayer(
  store: ScoringStore,
  players: readonly ScoredPlayer[],
  next: (prev: Record<string, number>, player: ScoredPlayer) => Record<string, number> | undefined,
  metricsOf: (state: Record<string, number>, gamesPlayed: number) => Record<string, number>,
): void {
  for (const player of players) {
    const prev = store.get(player.userId) ?? zeroEntry(player.userId);
    const state = next(prev.state, player);
    if (state === undefined) continue;
    const gamesPlayed = finiteOr0(prev.gamesPlayed) + 1;
    store.set({ playerId: player.userId, gamesPlayed, state, metrics: metricsOf(state, gamesPlayed) });
  }
}
