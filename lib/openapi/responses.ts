import { z } from "zod";
import type { PluginSummary, PluginView } from "@/lib/services/plugins";

// Response shapes of the console API, as zod schemas: the OpenAPI document is generated from them
// (and from the request schemas the handlers parse with). The contract tests parse real responses
// with them, so a drift between a service and its documented shape fails a test.

const iso = z.string().describe("ISO 8601 timestamp");
const jsonObject = z.record(z.string(), z.unknown());

export const challengeView = z.object({
  id: z.string(),
  app_id: z.string(),
  workflow_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  goal: z.string(),
  success_type: z.string(),
  success_pattern: z.string().nullable(),
  secret_ref: z.string().nullable().describe("Name of the workspace secret; its value is never returned"),
  has_secret: z.boolean(),
  scoring_strategy: z.string(),
  is_active: z.boolean(),
  evaluator_type: z.string(),
  evaluator_plugin_id: z.string().nullable(),
  evaluator_entrypoint: z.string().nullable(),
  evaluator_config: jsonObject.nullable(),
  scoring_plugin_id: z.string().nullable(),
  scoring_entrypoint: z.string().nullable(),
  scoring_config: jsonObject.nullable(),
  instructions_md: z.string().nullable(),
  theme: z.record(z.string(), z.string()).nullable().describe("Whitelisted CSS variables; asset URLs freshly signed"),
  hero_asset_id: z.string().nullable(),
  hero_asset_url: z.string().nullable(),
  hero_asset_type: z.string().nullable(),
  difficulty: z.string(),
  points: z.number().int(),
  max_attempts: z.number().int().nullable(),
  cooldown_seconds: z.number().int(),
  mask_variables: z.array(z.string()),
  published_version: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_at: iso,
  updated_by: z.string().nullable(),
  updated_at: iso,
});

export const challengeResponse = z.object({ challenge: challengeView });
export const challengeListResponse = z.object({
  data: z.array(challengeView.extend({ attempts_count: z.number().int(), solves_count: z.number().int() })),
});

export const collectionView = z.object({
  id: z.string(),
  app_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  instructions_md: z.string().nullable(),
  theme: z.record(z.string(), z.string()).nullable(),
  scoring_strategy: z.string(),
  scoring_plugin_id: z.string().nullable(),
  scoring_entrypoint: z.string().nullable(),
  scoring_config: jsonObject.nullable(),
  is_public: z.boolean(),
  challenges: z.array(z.object({ id: z.string(), name: z.string(), position: z.number().int(), is_active: z.boolean() })),
  created_by: z.string().nullable(),
  created_at: iso,
  updated_by: z.string().nullable(),
  updated_at: iso,
});
export const collectionResponse = z.object({ collection: collectionView });
export const collectionListResponse = z.object({ data: z.array(collectionView) });

const graphIssue = z.object({ node_id: z.string().nullable(), message: z.string() });
export const workflowVersionView = z.object({
  id: z.string(),
  version: z.number().int(),
  published_by: z.string().nullable(),
  created_at: iso,
});
export const workflowView = z.object({
  id: z.string(),
  app_id: z.string().nullable(),
  name: z.string(),
  draft_graph: z.object({ nodes: z.array(jsonObject), edges: z.array(jsonObject) }),
  draft_issues: z.array(graphIssue),
  /** Warnings (e.g. no model sees {{secret}}): saving and publishing still work. */
  draft_warnings: z.array(graphIssue),
  published_version: z.number().int().nullable(),
  published_version_id: z.string().nullable(),
  versions: z.array(workflowVersionView),
  challenges: z.array(z.object({ id: z.string(), name: z.string() })),
  created_by: z.string().nullable(),
  created_at: iso,
  updated_by: z.string().nullable(),
  updated_at: iso,
});
export const workflowResponse = z.object({ workflow: workflowView });
export const workflowVersionResponse = z.object({ version: workflowVersionView });

const runEvent = z
  .object({ type: z.enum(["run_started", "node_started", "text_delta", "node_finished", "run_finished"]), runId: z.string() })
  .loose();
export const testRunResponse = z.object({
  run_id: z.string(),
  status: z.enum(["running", "succeeded", "failed", "cancelled"]),
  outputs: jsonObject,
  error: z.string().nullable(),
  evaluation: jsonObject.nullable(),
  tokens_total: z.number().int(),
  judge_tokens_total: z.number().int(),
  elapsed_ms: z.number().int(),
  events: z.array(runEvent),
});

export const pluginView = z.object({
  id: z.string(),
  plugin_id: z.string(),
  name: z.string(),
  kind: z.enum(["evaluator", "scorer"]),
  entrypoints: z.array(z.string()),
  config_schema: jsonObject.nullable(),
  version: z.number().int(),
  code: z.string().optional(),
  created_by: z.string().nullable(),
  created_at: iso,
  updated_at: iso,
});
export const pluginResponse = z.object({ plugin: pluginView });
export const pluginListResponse = z.object({ data: z.array(pluginView) });
export const pluginTestRunResponse = z.object({
  ok: z.boolean(),
  kind: z.enum(["evaluator", "scorer"]),
  entrypoint: z.string().nullable(),
  value: z.unknown().optional(),
  error: z.string().optional(),
  detail: z.string().optional(),
  duration_ms: z.number().int(),
});

export const assetView = z.object({
  id: z.string(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  url: z.string().describe("Signed, expiring URL: /assets/{id}?exp=…&sig=…"),
  url_expires_at: iso,
  created_at: iso,
});
export const assetResponse = z.object({ asset: assetView });

/** A plugin as the console API returns it (snake_case; code only for a single plugin). */
export function pluginJson(p: PluginSummary | PluginView): z.infer<typeof pluginView> {
  return {
    id: p.id,
    plugin_id: p.pluginId,
    name: p.name,
    kind: p.kind,
    entrypoints: p.entrypoints,
    config_schema: p.configSchema,
    version: p.version,
    ...("code" in p ? { code: p.code } : {}),
    created_by: p.createdBy,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
