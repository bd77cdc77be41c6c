import { route } from "@/lib/api/handler";
import { deleteSecret } from "@/lib/services/secrets";
import { idParams } from "@/lib/validation/console";

export const DELETE = route({ auth: "workspace", params: idParams, doc: { status: 204 } }, async ({ caller, params }) => {
  await deleteSecret(caller.workspaceId, params.id);
  return null;
});
