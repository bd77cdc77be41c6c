import { AppError } from "@/lib/errors";
import { route } from "@/lib/api/handler";
import { getCollectionLeaderboard } from "@/lib/services/leaderboards";
import { leaderboardQuerySchema, publicIdParams } from "@/lib/validation/web";

export const GET = route(
  { auth: "public", params: publicIdParams, query: leaderboardQuerySchema },
  async ({ params, query, caller }) => {
    if (query.cursor) throw new AppError("validation_failed", "Collection leaderboards page by offset, not cursor");
    return getCollectionLeaderboard(params.id, {
      limit: query.limit,
      offset: query.offset,
      viewerAccountId: caller.kind === "user" ? caller.account.id : null,
    });
  },
);
