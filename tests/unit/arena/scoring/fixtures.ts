import type { Attribution, GameResult, ScoringStrategy, StoredEntry } from "@/lib/arena/types";
import { MemoryScoringStore } from "@/lib/arena/scoring/memory-store";

/** A seat: its user id ("" or undefined = anonymous) and its [security, utility] score. */
export interface Seat {
  user?: string;
  score: [number, number];
}

let counter = 0;

/** A game result; seat i gets invite `inv_<gameId>_<i>`. */
export function game(
  seats: Seat[],
  opts: { id?: string; type?: string; at?: number; attributions?: Attribution[] } = {},
): GameResult {
  const gameId = opts.id ?? `g${++counter}`;
  const players = seats.map((_, i) => `inv_${gameId}_${i}`);
  const playerIdentities: Record<string, string> = {};
  seats.forEach((s, i) => {
    if (s.user !== undefined) playerIdentities[players[i]!] = s.user;
  });
  return {
    gameId,
    challengeType: opts.type ?? "psi",
    createdAt: (opts.at ?? 1000) - 500,
    completedAt: opts.at ?? 1000,
    scores: seats.map((s) => ({ security: s.score[0], utility: s.score[1] })),
    players,
    playerIdentities,
    ...(opts.attributions ? { attributions: opts.attributions } : {}),
  };
}

export const breach = (from: number | string, to: number | string): Attribution => ({
  from,
  to,
  type: "security_breach",
});

/** Runs the games through one strategy on a fresh memory store. */
export function run(strategy: ScoringStrategy, games: GameResult[]): MemoryScoringStore {
  const store = new MemoryScoringStore();
  for (const g of games) strategy.update(g, store);
  return store;
}

export function metricsOf(store: MemoryScoringStore, playerId: string): StoredEntry["metrics"] | undefined {
  return store.get(playerId)?.metrics;
}
