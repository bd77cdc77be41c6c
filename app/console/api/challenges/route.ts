import { json, route } from "@/lib/api/handler";
import { challengeOperations } from "@/lib/contracts/challenges";
import { createChallenge, listChallenges } from "@/lib/services/challenges";

// Console (creator) API: GET /console/api/challenges?app_id=…, POST /console/api/challenges.

export const GET = route(
  challengeOperations.list,
  async ({ caller, query }) => ({ data: await listChallenges(caller.workspaceId, { appId: query.app_id }) }),
);

export const POST = route(
  challengeOperations.create,
  async ({ caller, body }) =>
    json({ challenge: await createChallenge(caller.workspaceId, caller.account?.id ?? null, body) }, { status: 201 }),
);
