import { route } from "@/lib/api/handler";
import { assetOperations } from "@/lib/contracts/assets";
import { deleteAsset } from "@/lib/services/assets";

// DELETE /console/api/assets/{id} — removes an uploaded file and its bytes from the asset store.

export const DELETE = route(assetOperations.remove, async ({ caller, params }) => {
  await deleteAsset(caller.workspaceId, params.id);
  return null;
});
