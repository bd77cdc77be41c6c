import { route } from "@/lib/api/handler";
import { redBlueConsoleOperations } from "@/lib/contracts/red-blue";
import { deleteRedBlueChallenge, getRedBlueChallenge, updateRedBlueChallenge } from "@/lib/services/red-blue";

export const GET = route(redBlueConsoleOperations.get, async ({ caller, params }) => ({
  red_blue_challenge: await getRedBlueChallenge(caller.workspaceId, params.id),
}));

export const PATCH = route(redBlueConsoleOperations.update, async ({ caller, params, body }) => ({
  red_blue_challenge: await updateRedBlueChallenge(
    caller.workspaceId,
    caller.account?.id ?? null,
    params.id,
    body,
  ),
}));

export const DELETE = route(redBlueConsoleOperations.remove, async ({ caller, params }) => {
  await deleteRedBlueChallenge(caller.workspaceId, params.id);
  return null;
});
