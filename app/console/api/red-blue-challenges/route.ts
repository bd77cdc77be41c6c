import { json, route } from "@/lib/api/handler";
import { redBlueConsoleOperations } from "@/lib/contracts/red-blue";
import { createRedBlueChallenge, listRedBlueChallenges } from "@/lib/services/red-blue";

export const GET = route(redBlueConsoleOperations.list, async ({ caller, query }) => ({
  data: await listRedBlueChallenges(caller.workspaceId, { appId: query.app_id }),
}));

export const POST = route(redBlueConsoleOperations.create, async ({ caller, body }) =>
  json(
    {
      red_blue_challenge: await createRedBlueChallenge(caller.workspaceId, caller.account?.id ?? null, body),
    },
    { status: 201 },
  ),
);
