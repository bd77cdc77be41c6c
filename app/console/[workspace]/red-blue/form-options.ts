import "server-only";
import { getTranslations } from "next-intl/server";
import type { RedBlueFormOptions } from "@/components/red-blue/red-blue-form";
import { OFFLINE_LEVELS, OFFLINE_MODEL_NAMES } from "@/lib/ai/offline/levels";
import { listChallenges } from "@/lib/services/challenges";
import { listProviders } from "@/lib/services/llm-providers";
import { listPlugins } from "@/lib/services/plugins";
import { listSecrets } from "@/lib/services/secrets";

// What the red/blue form offers: models (the offline ones first, then the workspace providers'),
// the workspace's secret names (never values), its workflows and its scorer plugins.

export async function redBlueFormOptions(workspaceId: string): Promise<RedBlueFormOptions> {
  const [t, providers, secrets, challenges, scorers] = await Promise.all([
    getTranslations("consolePages.redBlue.form"),
    listProviders(workspaceId),
    listSecrets(workspaceId),
    listChallenges(workspaceId),
    listPlugins(workspaceId, { kind: "scorer" }),
  ]);
  const levelName = new Map<string, string>(OFFLINE_LEVELS.map((l) => [l.id, `${l.number}. ${l.name}`]));
  return {
    models: [
      ...OFFLINE_MODEL_NAMES.map((name) => ({
        value: `offline:${name}`,
        label: t("offlineModel", { name: levelName.get(name) ?? name }),
      })),
      ...providers.flatMap((p) =>
        p.models.map((m) => ({ value: `provider:${p.name}/${m}`, label: `${p.name}: ${m}` })),
      ),
    ],
    secrets: secrets.map((s) => s.name),
    workflows: challenges
      .filter((c): c is typeof c & { workflow_id: string } => c.workflow_id !== null)
      .map((c) => ({ id: c.workflow_id, label: c.name })),
    scorers: scorers.map((p) => ({
      pluginId: p.pluginId,
      name: p.name,
      kind: p.kind,
      entrypoints: p.entrypoints,
    })),
  };
}
