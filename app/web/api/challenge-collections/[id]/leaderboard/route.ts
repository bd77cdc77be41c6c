import { route } from "@/lib/api/handler";
import { getCollectionLeaderboard } from "@/lib/services/leaderboards";
import { collectionLeaderboardQuerySchema, publicIdParams } from "@/lib/validation/web";

export const GET = route(
  { auth: "public", params: publicIdParams, query: collectionLeaderboardQuerySchema },
  async ({ params, query, caller }) =>
    getCollectionLeaderboard(params.id, {
      limit: query.limit,
      offset: query.offset,
      viewerAccountId: caller.kind === "user" ? caller.account.id : null,
    }),
);
