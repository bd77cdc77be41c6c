import { route } from "@/lib/api/handler";
import { publicCollectionOperations } from "@/lib/contracts/collections";
import { getCollectionLeaderboard } from "@/lib/services/leaderboards";

export const GET = route(
  publicCollectionOperations.leaderboard,
  async ({ params, query, caller }) =>
    getCollectionLeaderboard(params.id, {
      limit: query.limit,
      offset: query.offset,
      viewerAccountId: caller.kind === "user" ? caller.account.id : null,
    }),
);
