import "server-only";
import { loadPluginRow } from "@/lib/services/plugins";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { scoreWithPlugin } from "@/lib/evaluation/plugins";
import type { AttemptMetrics } from "@/lib/evaluation/types";
import { log } from "@/lib/log";
import { aggregateStanding } from "@/lib/scoring/registry";
import type { CollectionEntry, CollectionStanding } from "@/lib/scoring/types";

// The custom collection strategy: the collection's scorer plugin sees one player's list of
// per-challenge metrics and returns a score. Plugins run in a sandbox (milliseconds each), so
// scores are cached per player and only recomputed when that player's bests or the plugin
// settings change.

export interface CollectionPluginRef {
  id: string;
  workspaceId: string;
  scoringPluginId: string | null;
  scoringEntrypoint: string | null;
  scoringConfig: unknown;
}

/** Per-challenge metrics given to a collection scorer (seed 000 AttemptMetrics + the challenge). */
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

/** Every player's standing with `customScore` from the scorer (cached). */
export async function scoreCollectionStandings(
  collection: CollectionPluginRef,
  players: PlayerEntries,
  scorer: CollectionScorer = pluginCollectionScorer,
): Promise<CollectionStanding[]> {
  // Only the plugin scorer is cached; its key includes the plugin's version, so editing the
  // plugin or the collection's settings rescored everyone.
  const cached = scorer === pluginCollectionScorer;
  const settings = cached ? JSON.stringify([await pluginVersion(collection), collection.scoringEntrypoint, collection.scoringConfig ?? null]) : "";
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

async function pluginVersion(collection: CollectionPluginRef): Promise<string> {
  if (!collection.scoringPluginId) return "none";
  const plugin = await db.plugin.findUnique({
    where: { workspaceId_pluginId: { workspaceId: collection.workspaceId, pluginId: collection.scoringPluginId } },
    select: { id: true, version: true, updatedAt: true },
  });
  return plugin ? `${plugin.id}:${plugin.version}:${plugin.updatedAt.getTime()}` : "missing";
}

/** The default scorer: the collection's scorer plugin, given the list of per-challenge metrics. */
export const pluginCollectionScorer: CollectionScorer = async (collection, metrics, ctx) => {
  if (!collection.scoringPluginId) return null;
  const config = collection.scoringConfig;
  const res = await scoreWithPlugin({
    loadPlugin: loadPluginRow,
    workspaceId: collection.workspaceId,
    pluginId: collection.scoringPluginId,
    entrypoint: collection.scoringEntrypoint,
    metrics,
    config: config && typeof config === "object" && !Array.isArray(config) ? (config as Record<string, unknown>) : {},
    ctx: { endUserId: ctx.endUserId },
  });
  if (!res.ok) {
    log.warn("collection scorer failed", { collectionId: collection.id, error: res.error });
    return null;
  }
  return Number.isFinite(res.result.score) ? res.result.score : null;
};
