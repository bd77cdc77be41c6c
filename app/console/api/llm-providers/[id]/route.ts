import { route } from "@/lib/api/handler";
import { providerJson, providerOperations } from "@/lib/contracts/llm-providers";
import { deleteProvider, getProvider } from "@/lib/services/llm-providers";

export const GET = route(providerOperations.get, async ({ caller, params }) => ({
  provider: providerJson(await getProvider(caller.workspaceId, params.id)),
}));

export const DELETE = route(
  providerOperations.remove,
  async ({ caller, params }) => {
    await deleteProvider(caller.workspaceId, params.id);
    return null;
  },
);
