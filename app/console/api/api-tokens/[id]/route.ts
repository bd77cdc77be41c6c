import { route } from "@/lib/api/handler";
import { apiTokenOperations } from "@/lib/contracts/api-tokens";
import { revokeApiToken } from "@/lib/services/api-tokens";

export const DELETE = route(
  apiTokenOperations.revoke,
  async ({ caller, params }) => ({ api_token: await revokeApiToken(caller.workspaceId, params.id) }),
);
