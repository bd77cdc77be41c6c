import { route } from "@/lib/api/handler";
import { publicChallengeOperations } from "@/lib/contracts/challenges";
import { listPublicChallenges } from "@/lib/services/public-challenges";

export const GET = route(publicChallengeOperations.list, async ({ query, caller }) =>
  listPublicChallenges({ ...query, viewerAccountId: caller.kind === "user" ? caller.account.id : null }),
);
