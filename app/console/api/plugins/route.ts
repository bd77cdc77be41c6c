import { z } from "zod";
import { json, route } from "@/lib/api/handler";
import { pluginJson, pluginListResponse, pluginResponse } from "@/lib/openapi/responses";
import { createPlugin, listPlugins } from "@/lib/services/plugins";
import { WRITERS } from "@/lib/validation/challenges";
import { MAX_PLUGIN_CODE_BYTES, PLUGIN_KINDS, pluginCreateSchema } from "@/lib/validation/plugins";

const listQuery = z.strictObject({ kind: z.enum(PLUGIN_KINDS, { error: "kind must be evaluator or scorer" }).optional() });

export const GET = route(
  { auth: "workspace", query: listQuery, doc: { summary: "List evaluator and scorer plugins (without code)", response: pluginListResponse } },
  async ({ caller, query }) => ({ data: (await listPlugins(caller.workspaceId, { kind: query.kind })).map((p) => pluginJson(p)) }),
);

export const POST = route(
  {
    auth: "workspace",
    roles: WRITERS,
    body: pluginCreateSchema,
    maxBodyBytes: MAX_PLUGIN_CODE_BYTES + 64 * 1024,
    doc: { summary: "Create a plugin (its code is loaded in the sandbox first)", response: pluginResponse, status: 201 },
  },
  async ({ caller, body }) =>
    json(
      { plugin: pluginJson(await createPlugin(caller.workspaceId, body, { createdBy: caller.account?.id ?? null })) },
      { status: 201 },
    ),
);
