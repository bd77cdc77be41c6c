import { json, route } from "@/lib/api/handler";
import { pluginJson, pluginOperations } from "@/lib/contracts/plugins";
import { createPlugin, listPlugins } from "@/lib/services/plugins";

export const GET = route(
  pluginOperations.list,
  async ({ caller, query }) => ({ data: (await listPlugins(caller.workspaceId, { kind: query.kind })).map((p) => pluginJson(p)) }),
);

export const POST = route(
  pluginOperations.create,
  async ({ caller, body }) =>
    json(
      { plugin: pluginJson(await createPlugin(caller.workspaceId, body, { createdBy: caller.account?.id ?? null })) },
      { status: 201 },
    ),
);
