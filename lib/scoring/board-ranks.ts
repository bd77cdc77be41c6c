import type { EntryKey } from "@/lib/scoring/entry-key";
import type { ChallengeStrategy } from "@/lib/scoring/types";

// Where a viewer ranks on a large board. Counting the entries ahead of them reads O(rank) index
// entries (about 1.5 ms for a player in the middle of 20,000 on SQLite), so a large board's
// ranked keys are kept per process for a few seconds, like its size (board-size.ts), and a
// rank is a binary search. Recordings in this process forget the board as soon as they change
// it, so a player who just improved sees their new rank; another instance's changes show up
// within TTL_MS. Reading the board's keys is the caller's (the leaderboard service's) query.

const TTL_MS = 5_000;
const MAX_BOARDS = 20;
/** Smaller boards are counted in the database: cheap, and always exact. */
export const RANK_SNAPSHOT_MIN_ENTRIES = 2_000;

/** A board's ranked keys, in the strategy's order, as parallel arrays. */
export interface BoardKeys {
  /** The ranked column's value (null for `first`, which ranks by time). */
  values: (number | null)[];
  /** achievedAt in epoch milliseconds. */
  times: number[];
  ids: string[];
}

interface Snapshot extends BoardKeys {
  strategy: string;
  at: number;
}

// On globalThis: Next.js can load this module once per route bundle, and the attempt route's
// copy must forget what the leaderboard route's copy cached.
const cache = ((globalThis as unknown as { __gauntletBoardRanks?: Map<string, Snapshot> }).__gauntletBoardRanks ??=
  new Map<string, Snapshot>());

/** Negative when entry i of the snapshot ranks ahead of `key`. */
function compare(s: Snapshot, i: number, strategy: ChallengeStrategy, key: EntryKey): number {
  if (strategy.column !== "achievedAt" && key.value !== null) {
    const v = s.values[i]!;
    if (v !== null && v !== key.value) return strategy.direction === "asc" ? v - key.value : key.value - v;
  }
  const t = s.times[i]! - key.achievedAt.getTime();
  if (t !== 0) return t;
  const id = s.ids[i]!;
  return id < key.bestAttemptId ? -1 : id > key.bestAttemptId ? 1 : 0;
}

/** How many entries of the board rank strictly ahead of `key`; `loadKeys` reads the board when not cached. */
export async function entriesAheadOf(
  challengeId: string,
  strategy: ChallengeStrategy,
  key: EntryKey,
  loadKeys: () => Promise<BoardKeys>,
): Promise<number> {
  let s = cache.get(challengeId);
  if (!s || s.strategy !== strategy.name || Date.now() - s.at >= TTL_MS) {
    s = { ...(await loadKeys()), strategy: strategy.name, at: Date.now() };
    cache.delete(challengeId);
    if (cache.size >= MAX_BOARDS) cache.delete(cache.keys().next().value!);
    cache.set(challengeId, s);
  }
  let lo = 0;
  let hi = s.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(s, mid, strategy, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function forgetBoardRanks(challengeId: string): void {
  cache.delete(challengeId);
}
