import "server-only";
import { createHash } from "node:crypto";
import type { AttemptMetrics } from "@/lib/evaluation/types";
import { log } from "@/lib/log";
import { aggregateStanding } from "@/lib/scoring/registry";
import type { CollectionEntry, CollectionStanding } from "@/lib/scoring/types";

// The custom collection strategy: the collection's scorer plugin sees one player's list of
// per-challenge metrics and returns a score. Plugins run in a sandbox (milliseconds each), so
// scores are cached per player and only recomputed when that player's bests or the plugin
// settings change. The plugin scorer and the plugin's version are the leaderboard service's
// (lib/services/leaderboards/collection-scorer.ts); this module only scores and caches.

export interface CollectionPluginRef {
  id: string;
  workspaceId: string;
  scoringPluginId: string | null;
  scoringEntrypoint: string | null;
  scoringConfig: unknown;
}

/** Per-challenge metrics given to a collection scorer (AttemptMetrics + the challenge). */
export interface CollectionMetrics extends AttemptMetrics {
  challenge_id: string;
}

/** Scores one player's list; null when scoring failed. */
export type CollectionScorer = (
  collection: CollectionPluginRef,
  metrics: CollectionMetrics[],
  ctx: { endUserId: string },
) => Promise<number | null>;

export type PlayerEntries = Map<string, { accountId: string | null; entries: (CollectionEntry & { attemptId: string })[] }>;

const CACHE_MAX = 20_000;
const cache = new Map<string, number | null>();

function remember(key: string, value: number | null) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
}

export function clearCollectionScoreCache(): void {
  cache.clear();
}

export function toCollectionMetrics(entries: readonly CollectionEntry[]): CollectionMetrics[] {
  return entries
    .map((e) => ({
      challenge_id: e.challengeId,
      succeeded: true,
      tokens_total: e.tokensTotal,
      elapsed_ms: e.elapsedMs,
      rating: e.judgeRating,
      created_at: e.achievedAt.getTime(),
    }))
    .sort((a, b) => (a.challenge_id < b.challenge_id ? -1 : a.challenge_id > b.challenge_id ? 1 : 0));
}

/**
 * Every player's standing with `customScore` from the scorer. Cached only when `pluginVersion`
 * is given (the plugin scorer): the key includes it, so editing the plugin or the collection's
 * settings rescores everyone.
 */
export async function scoreCollectionStandings(
  collection: CollectionPluginRef,
  players: PlayerEntries,
  scorer: CollectionScorer,
  pluginVersion?: string,
): Promise<CollectionStanding[]> {
  const cached = pluginVersion !== undefined;
  const settings = cached ? JSON.stringify([pluginVersion, collection.scoringEntrypoint, collection.scoringConfig ?? null]) : "";
  const out: CollectionStanding[] = [];
  // Sequential on purpose: the sandbox pool bounds parallelism itself, and a page request
  // should not flood it.
  for (const [endUserId, p] of players) {
    const standing = aggregateStanding(endUserId, p.accountId, p.entries);
    const metrics = toCollectionMetrics(p.entries);
    const key = createHash("sha256")
      .update(`${collection.id}|${endUserId}|${settings}|`)
      .update(JSON.stringify(p.entries.map((e) => [e.attemptId, e.score])))
      .digest("base64url");
    let score = cached ? cache.get(key) : undefined;
    if (score === undefined && !(cached && cache.has(key))) {
      score = await scorer(collection, metrics, { endUserId }).catch((err: unknown) => {
        log.warn("collection scorer failed", { collectionId: collection.id, error: err });
        return null;
      });
      if (cached) remember(key, score);
    }
    out.push({ ...standing, customScore: score ?? null });
  }
  return out;
}
