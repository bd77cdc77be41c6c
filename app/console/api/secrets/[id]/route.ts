import { route } from "@/lib/api/handler";
import { secretOperations } from "@/lib/contracts/secrets";
import { deleteSecret } from "@/lib/services/secrets";

export const DELETE = route(secretOperations.remove, async ({ caller, params }) => {
  await deleteSecret(caller.workspaceId, params.id);
  return null;
});
