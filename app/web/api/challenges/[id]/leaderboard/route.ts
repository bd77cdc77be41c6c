import { route } from "@/lib/api/handler";
import { publicChallengeOperations } from "@/lib/contracts/challenges";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";

export const GET = route(
  publicChallengeOperations.leaderboard,
  async ({ params, query, caller }) =>
    getChallengeLeaderboard(params.id, {
      ...query,
      playableOnly: true,
      viewerAccountId: caller.kind === "user" ? caller.account.id : null,
    }),
);
