import { route } from "@/lib/api/handler";
import { challengeResponse } from "@/lib/openapi/responses";
import { deleteChallenge, getChallenge, updateChallenge } from "@/lib/services/challenges";
import { challengeUpdateSchema } from "@/lib/validation/challenges";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";

export const GET = route(
  { auth: "workspace", params: idParams, doc: { summary: "Get a challenge", response: challengeResponse } },
  async ({ caller, params }) => ({ challenge: await getChallenge(caller.workspaceId, params.id) }),
);

export const PATCH = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: challengeUpdateSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Update a challenge (any subset of fields; secret is write-only)", response: challengeResponse },
  },
  async ({ caller, params, body }) => ({
    challenge: await updateChallenge(caller.workspaceId, caller.account?.id ?? null, params.id, body),
  }),
);

export const DELETE = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Delete a challenge with its attempts and leaderboard", status: 204 },
  },
  async ({ caller, params }) => {
    await deleteChallenge(caller.workspaceId, params.id);
    return null;
  },
);
