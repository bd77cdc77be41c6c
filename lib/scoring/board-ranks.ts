import type { EntryKey } from "@/lib/scoring/entry-key";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { getChallengeStrategy } from "@/lib/scoring/registry";

// Where a viewer ranks on a large board. Counting the entries ahead of them reads O(rank) index
// entries (about 1.5 ms for a player in the middle of 20,000 on SQLite), so a large board's
// ranked keys are kept per process for a few seconds, like its size (board-size.ts), and a
// rank is a binary search. An attempt that improves a player's entry, on any instance, moves
// that player's key in the snapshot (applyBoardChanges) instead of dropping the snapshot, so a
// board under a stream of attempts is not read again on every one; other changes drop it.
// Reading the board's keys is the caller's (the leaderboard service's) query.

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
  /** Whose entry each key is; without them a change drops the snapshot instead of moving a key. */
  endUserIds?: string[];
}

/** A player's entry now ranks at this key: recorded by an attempt that improved it (or created it). */
export interface BoardChange {
  endUserId: string;
  value: number | null;
  /** achievedAt in epoch milliseconds. */
  achievedAt: number;
  bestAttemptId: string;
}

interface Snapshot extends BoardKeys {
  strategy: string;
  at: number;
  /** Each player's key in the snapshot (by end user), when the keys came with their players. */
  players: Map<string, { value: number | null; time: number; id: string }> | null;
}

interface Loading {
  /** Bumped by forgetBoardRanks: a load that began before then is not kept. */
  generation: number;
  /** Changes heard while a load runs, applied to its result (it may have read the board before them). */
  heard: { strategy: string; changes: BoardChange[] }[];
  loads: number;
}

// On globalThis: Next.js can load this module once per route bundle, and the attempt route's
// copy must forget what the leaderboard route's copy cached.
const cache = ((
  globalThis as unknown as { __gauntletBoardRanks?: Map<string, Snapshot> }
).__gauntletBoardRanks ??= new Map<string, Snapshot>());
const loading = ((
  globalThis as unknown as { __gauntletBoardLoads?: Map<string, Loading> }
).__gauntletBoardLoads ??= new Map<string, Loading>());
const generations = ((
  globalThis as unknown as { __gauntletBoardGenerations?: Map<string, number> }
).__gauntletBoardGenerations ??= new Map<string, number>());

/** Negative when key a (value, time, id) ranks ahead of key b. */
function compareKeys(
  strategy: ChallengeStrategy,
  av: number | null,
  at: number,
  aid: string,
  bv: number | null,
  bt: number,
  bid: string,
): number {
  if (strategy.column !== "achievedAt" && bv !== null && av !== null && av !== bv) {
    return strategy.direction === "asc" ? av - bv : bv - av;
  }
  const t = at - bt;
  if (t !== 0) return t;
  return aid < bid ? -1 : aid > bid ? 1 : 0;
}

/** How many keys of the snapshot rank strictly ahead of (value, time, id). */
function position(
  s: BoardKeys,
  strategy: ChallengeStrategy,
  value: number | null,
  time: number,
  id: string,
): number {
  let lo = 0;
  let hi = s.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(strategy, s.values[mid]!, s.times[mid]!, s.ids[mid]!, value, time, id) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function playersOf(keys: BoardKeys): Snapshot["players"] {
  if (!keys.endUserIds) return null;
  const players = new Map<string, { value: number | null; time: number; id: string }>();
  keys.endUserIds.forEach((u, i) =>
    players.set(u, { value: keys.values[i]!, time: keys.times[i]!, id: keys.ids[i]! }),
  );
  return players;
}

/** Moves each changed player's key; false when the snapshot cannot take the changes. */
function applyTo(s: Snapshot, strategyName: string, changes: BoardChange[]): boolean {
  if (s.strategy !== strategyName || !s.players) return false;
  const strategy = getChallengeStrategy(strategyName);
  for (const c of changes) {
    const value = strategy.column === "achievedAt" ? null : c.value;
    const current = s.players.get(c.endUserId);
    // Entries only improve this way: an older or repeated change is one the snapshot holds already.
    if (
      current &&
      compareKeys(strategy, value, c.achievedAt, c.bestAttemptId, current.value, current.time, current.id) >=
        0
    ) {
      continue;
    }
    if (current) {
      const i = position(s, strategy, current.value, current.time, current.id);
      if (s.ids[i] !== current.id) return false;
      s.values.splice(i, 1);
      s.times.splice(i, 1);
      s.ids.splice(i, 1);
      s.endUserIds!.splice(i, 1);
    }
    const j = position(s, strategy, value, c.achievedAt, c.bestAttemptId);
    s.values.splice(j, 0, value);
    s.times.splice(j, 0, c.achievedAt);
    s.ids.splice(j, 0, c.bestAttemptId);
    s.endUserIds!.splice(j, 0, c.endUserId);
    s.players.set(c.endUserId, { value, time: c.achievedAt, id: c.bestAttemptId });
  }
  return true;
}

/** How many entries of the board rank strictly ahead of `key`; `loadKeys` reads the board when not cached. */
export async function entriesAheadOf(
  challengeId: string,
  strategy: ChallengeStrategy,
  key: EntryKey,
  loadKeys: () => Promise<BoardKeys>,
): Promise<number> {
  let s = cache.get(challengeId);
  if (!s || s.strategy !== strategy.name || Date.now() - s.at >= TTL_MS)
    s = await load(challengeId, strategy, loadKeys);
  return position(s, strategy, key.value, key.achievedAt.getTime(), key.bestAttemptId);
}

async function load(
  challengeId: string,
  strategy: ChallengeStrategy,
  loadKeys: () => Promise<BoardKeys>,
): Promise<Snapshot> {
  const generation = generations.get(challengeId) ?? 0;
  const l = loading.get(challengeId) ?? { generation, heard: [], loads: 0 };
  loading.set(challengeId, l);
  l.loads++;
  const at = Date.now();
  let keys: BoardKeys;
  try {
    keys = await loadKeys();
  } finally {
    if (--l.loads === 0) loading.delete(challengeId);
  }
  const s: Snapshot = { ...keys, strategy: strategy.name, at, players: playersOf(keys) };
  const changesApply = l.heard.every((h) => applyTo(s, h.strategy, h.changes));
  // Dropped by a change this snapshot cannot take, or by a forget while it loaded: served once, not kept.
  if (!changesApply || (generations.get(challengeId) ?? 0) !== generation) return s;
  cache.delete(challengeId);
  if (cache.size >= MAX_BOARDS) cache.delete(cache.keys().next().value!);
  cache.set(challengeId, s);
  return s;
}

/**
 * Players' entries improved (or were created) by attempts: their keys move in the snapshot, or
 * the snapshot is dropped when it cannot take them (another strategy, no players' ids).
 */
export function applyBoardChanges(challengeId: string, strategyName: string, changes: BoardChange[]): void {
  loading.get(challengeId)?.heard.push({ strategy: strategyName, changes });
  const s = cache.get(challengeId);
  if (s && !applyTo(s, strategyName, changes)) cache.delete(challengeId);
}

/** The board's size from a fresh snapshot of its keys, else null. */
export function snapshotSize(challengeId: string): number | null {
  const s = cache.get(challengeId);
  return s && Date.now() - s.at < TTL_MS ? s.ids.length : null;
}

export function forgetBoardRanks(challengeId: string): void {
  cache.delete(challengeId);
  if (generations.size >= 10_000) generations.clear();
  generations.set(challengeId, (generations.get(challengeId) ?? 0) + 1);
}
