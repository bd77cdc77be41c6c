import { route } from "@/lib/api/handler";
import { pluginJson, pluginResponse } from "@/lib/openapi/responses";
import { deletePlugin, getPlugin, updatePlugin } from "@/lib/services/plugins";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";
import { MAX_PLUGIN_CODE_BYTES, pluginUpdateSchema } from "@/lib/validation/plugins";

export const GET = route(
  { auth: "workspace", params: idParams, doc: { summary: "Get a plugin with its code", response: pluginResponse } },
  async ({ caller, params }) => ({ plugin: pluginJson(await getPlugin(caller.workspaceId, params.id)) }),
);

export const PATCH = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: pluginUpdateSchema,
    maxBodyBytes: MAX_PLUGIN_CODE_BYTES + 64 * 1024,
    doc: { summary: "Update a plugin's name, code, entrypoints or config schema", response: pluginResponse },
  },
  async ({ caller, params, body }) => ({ plugin: pluginJson(await updatePlugin(caller.workspaceId, params.id, body)) }),
);

export const DELETE = route(
  { auth: "workspace", roles: WRITERS, params: idParams, doc: { summary: "Delete a plugin no challenge or collection uses", status: 204 } },
  async ({ caller, params }) => {
    await deletePlugin(caller.workspaceId, params.id);
    return null;
  },
);
