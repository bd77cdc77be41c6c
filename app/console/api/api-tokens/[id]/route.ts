import { route } from "@/lib/api/handler";
import { apiTokenJson, apiTokenOperations } from "@/lib/contracts/api-tokens";
import { revokeApiToken } from "@/lib/services/api-tokens";

export const DELETE = route(
  apiTokenOperations.revoke,
  async ({ caller, params }) => ({ api_token: apiTokenJson(await revokeApiToken(caller.workspaceId, params.id)) }),
);
