import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp, jsonObject } from "@/lib/contracts/primitives";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { idParams } from "@/lib/contracts/params";
import {
  MAX_PLUGIN_CODE_BYTES,
  PLUGIN_KINDS,
  pluginCreateSchema,
  pluginTestRunSchema,
  pluginUpdateSchema,
  type PluginKind,
} from "@/lib/contracts/plugins/inputs";

export interface PluginSummary {
  id: string;
  pluginId: string;
  name: string;
  kind: PluginKind;
  entrypoints: string[];
  configSchema: Record<string, unknown> | null;
  version: number;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PluginView extends PluginSummary {
  code: string;
}

// /console/api/plugins: evaluator and scorer plugins and their sandboxed test run.

export const pluginListQuerySchema = z.strictObject({
  kind: z.enum(PLUGIN_KINDS, { error: "kind must be evaluator or scorer" }).optional(),
});

// The code may be as large as allowed plus room for the other fields.
const PLUGIN_BODY_BYTES = MAX_PLUGIN_CODE_BYTES + 64 * 1024;

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
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
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

export const pluginOperations = {
  list: operation({
    auth: "workspace",
    query: pluginListQuerySchema,
    doc: { summary: "List evaluator and scorer plugins (without code)", response: pluginListResponse },
  }),
  create: operation({
    auth: "workspace",
    roles: WRITERS,
    body: pluginCreateSchema,
    maxBodyBytes: PLUGIN_BODY_BYTES,
    doc: {
      summary: "Create a plugin (its code is loaded in the sandbox first)",
      response: pluginResponse,
      status: 201,
    },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "Get a plugin with its code", response: pluginResponse },
  }),
  update: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: pluginUpdateSchema,
    maxBodyBytes: PLUGIN_BODY_BYTES,
    doc: { summary: "Update a plugin's name, code, entrypoints or config schema", response: pluginResponse },
  }),
  remove: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Delete a plugin no challenge or collection uses", status: 204 },
  }),
  testRun: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: pluginTestRunSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Run the plugin in the sandbox on sample input", response: pluginTestRunResponse },
  }),
};

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
