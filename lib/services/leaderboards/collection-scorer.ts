import "server-only";
import { db } from "@/lib/db";
import { scoreWithPlugin } from "@/lib/evaluation/plugins";
import { loadPluginRow } from "@/lib/services/plugins";
import { log } from "@/lib/log";
import type { CollectionPluginRef, CollectionScorer } from "@/lib/scoring/collection-custom";

// The custom collection strategy's default scorer: the collection's scorer plugin, run in the
// sandbox. Its version keys the score cache in lib/scoring/collection-custom.ts.

/** Identifies the plugin's current code, so an edited plugin rescores everyone. */
export async function pluginVersion(collection: CollectionPluginRef): Promise<string> {
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
