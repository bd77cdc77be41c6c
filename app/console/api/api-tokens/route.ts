import { json, route } from "@/lib/api/handler";
import { apiTokenJson, apiTokenOperations } from "@/lib/contracts/api-tokens";
import { forbidden } from "@/lib/errors";
import { createApiToken, listApiTokens } from "@/lib/services/api-tokens";

export const GET = route(apiTokenOperations.list, async ({ caller }) => ({
  data: (await listApiTokens(caller.workspaceId)).map(apiTokenJson),
}));

// Tokens are managed by people (owners and admins), not by other tokens.
export const POST = route(
  apiTokenOperations.create,
  async ({ caller, body }) => {
    if (!caller.account) throw forbidden("API tokens cannot create API tokens");
    const { token, apiToken } = await createApiToken(caller.workspaceId, caller.account.id, {
      name: body.name,
      expiresInDays: body.expires_in_days,
      scopes: body.scopes,
    });
    return json({ token, api_token: apiTokenJson(apiToken) }, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
);
