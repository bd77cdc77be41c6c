import { route } from "@/lib/api/handler";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import { leaderboardQuerySchema, publicIdParams } from "@/lib/validation/web";

export const GET = route(
  { auth: "public", params: publicIdParams, query: leaderboardQuerySchema },
  async ({ params, query, caller }) =>
    getChallengeLeaderboard(params.id, {
      ...query,
      playableOnly: true,
      viewerAccountId: caller.kind === "user" ? caller.account.id : null,
    }),
);
