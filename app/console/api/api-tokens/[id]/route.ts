import { route } from "@/lib/api/handler";
import { revokeApiToken } from "@/lib/services/api-tokens";
import { idParams } from "@/lib/validation/console";

export const DELETE = route(
  { auth: "workspace", roles: ["owner", "admin"], params: idParams },
  async ({ caller, params }) => ({ api_token: await revokeApiToken(caller.workspaceId, params.id) }),
);
