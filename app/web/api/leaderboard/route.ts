import { route } from "@/lib/api/handler";
import { boardOperations } from "@/lib/contracts/boards";
import { getGlobalLeaderboard } from "@/lib/services/leaderboards/global-board";

// GET /web/api/leaderboard — points over the public challenges, net of hint costs.
export const GET = route(boardOperations.global, async ({ query, caller }) =>
  getGlobalLeaderboard({
    limit: query.limit,
    offset: query.offset,
    workspaceId: query.workspace_id ?? null,
    viewerAccountId: caller.kind === "user" ? caller.account.id : null,
  }),
);
