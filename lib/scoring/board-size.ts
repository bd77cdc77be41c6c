// How many players a challenge's board holds. Counting ~20k index entries costs milliseconds on
// every leaderboard read, so the count is kept per process for a few seconds; recordings in this
// process forget it as soon as they add a row, so a player who just got on the board sees it.
// Another instance's new rows show up within TTL_MS. The count itself is the caller's (the
// leaderboard service's) query; a large board's rank snapshot (board-ranks.ts) knows it without one.
import { snapshotSize } from "@/lib/scoring/board-ranks";

const TTL_MS = 5_000;
// On globalThis: Next.js can load this module once per route bundle, and the attempt route's
// copy must forget what the leaderboard route's copy cached.
const cache = ((
  globalThis as unknown as { __gauntletBoardSizes?: Map<string, { n: number; at: number }> }
).__gauntletBoardSizes ??= new Map<string, { n: number; at: number }>());

/** The board's size from the cache, or from `count` when missing or stale. */
export async function cachedBoardSize(challengeId: string, count: () => Promise<number>): Promise<number> {
  const known = snapshotSize(challengeId);
  if (known !== null) return known;
  const hit = cache.get(challengeId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.n;
  const n = await count();
  rememberBoardSize(challengeId, n);
  return n;
}

/** The board's size when cached and fresh, else null (for a caller that counts it itself). */
export function freshBoardSize(challengeId: string): number | null {
  const known = snapshotSize(challengeId);
  if (known !== null) return known;
  const hit = cache.get(challengeId);
  return hit && Date.now() - hit.at < TTL_MS ? hit.n : null;
}

/** Caches a size the caller counted itself (see freshBoardSize). */
export function rememberBoardSize(challengeId: string, n: number): void {
  if (cache.size > 10_000) cache.clear();
  cache.set(challengeId, { n, at: Date.now() });
}

export function forgetBoardSize(challengeId: string): void {
  cache.delete(challengeId);
}
