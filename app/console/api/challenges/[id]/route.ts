import { route } from "@/lib/api/handler";
import { challengeOperations } from "@/lib/contracts/challenges";
import { deleteChallenge, getChallenge, updateChallenge } from "@/lib/services/challenges";

export const GET = route(
  challengeOperations.get,
  async ({ caller, params }) => ({ challenge: await getChallenge(caller.workspaceId, params.id) }),
);

export const PATCH = route(
  challengeOperations.update,
  async ({ caller, params, body }) => ({
    challenge: await updateChallenge(caller.workspaceId, caller.account?.id ?? null, params.id, body),
  }),
);

export const DELETE = route(
  challengeOperations.remove,
  async ({ caller, params }) => {
    await deleteChallenge(caller.workspaceId, params.id);
    return null;
  },
);
