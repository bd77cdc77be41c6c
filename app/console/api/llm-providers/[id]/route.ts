import { route } from "@/lib/api/handler";
import { deleteProvider, getProvider } from "@/lib/services/llm-providers";
import { idParams } from "@/lib/validation/console";

export const GET = route({ auth: "workspace", params: idParams }, async ({ caller, params }) => ({
  provider: await getProvider(caller.workspaceId, params.id),
}));

export const DELETE = route(
  { auth: "workspace", roles: ["owner", "admin"], params: idParams, doc: { status: 204 } },
  async ({ caller, params }) => {
    await deleteProvider(caller.workspaceId, params.id);
    return null;
  },
);
