import { json, route } from "@/lib/api/handler";
import { challengeListResponse, challengeResponse } from "@/lib/openapi/responses";
import { createChallenge, listChallenges } from "@/lib/services/challenges";
import { challengeCreateSchema, challengeListQuerySchema, WRITERS } from "@/lib/validation/challenges";

// Seed 000 "Console (creator)": GET /console/api/challenges?app_id=…, POST /console/api/challenges.

export const GET = route(
  {
    auth: "workspace",
    query: challengeListQuerySchema,
    doc: { summary: "List the workspace's challenges (optionally of one app)", response: challengeListResponse },
  },
  async ({ caller, query }) => ({ data: await listChallenges(caller.workspaceId, { appId: query.app_id }) }),
);

export const POST = route(
  {
    auth: "workspace",
    roles: WRITERS,
    body: challengeCreateSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Create a challenge (and its empty workflow unless workflow_id is given)", response: challengeResponse, status: 201 },
  },
  async ({ caller, body }) =>
    json({ challenge: await createChallenge(caller.workspaceId, caller.account?.id ?? null, body) }, { status: 201 }),
);
