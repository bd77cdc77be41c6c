import { route } from "@/lib/api/handler";
import { pluginJson, pluginOperations } from "@/lib/contracts/plugins";
import { deletePlugin, getPlugin, updatePlugin } from "@/lib/services/plugins";

export const GET = route(
  pluginOperations.get,
  async ({ caller, params }) => ({ plugin: pluginJson(await getPlugin(caller.workspaceId, params.id)) }),
);

export const PATCH = route(
  pluginOperations.update,
  async ({ caller, params, body }) => ({ plugin: pluginJson(await updatePlugin(caller.workspaceId, params.id, body)) }),
);

export const DELETE = route(
  pluginOperations.remove,
  async ({ caller, params }) => {
    await deletePlugin(caller.workspaceId, params.id);
    return null;
  },
);
