import "server-only";
import type { RunFormOptions } from "@/components/packs/runs/run-form";
import { OFFLINE_LEVELS } from "@/lib/ai/offline/levels";
import { env } from "@/lib/env";
import { listProviders } from "@/lib/services/llm-providers";

// What the run form offers: the pack's versions and their input sets, the offline practice
// levels, the instance's OpenAI endpoint when one is configured, and the workspace's providers.

type Version = { number: number; input_sets: { key: string; name: string; case_count: number }[] };

export async function runFormOptions(
  workspaceId: string,
  versions: readonly Version[],
): Promise<RunFormOptions> {
  const providers = await listProviders(workspaceId);
  return {
    versions: versions.map((v) => ({
      number: v.number,
      inputSets: v.input_sets.map((s) => ({ key: s.key, name: s.name, cases: s.case_count })),
    })),
    offline: OFFLINE_LEVELS.map((l) => ({ ref: `offline:${l.id}`, number: l.number, name: l.name })),
    openai: env.OPENAI_API_KEY || env.OPENAI_BASE_URL ? { model: env.OPENAI_MODEL } : null,
    providers: providers.map((p) => ({ name: p.name, models: p.models })),
  };
}
