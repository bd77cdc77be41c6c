import { route } from "@/lib/api/handler";
import { publicChallengeOperations } from "@/lib/contracts/challenges";
import { getPublicChallenge } from "@/lib/services/public-challenges";

export const GET = route(publicChallengeOperations.get, async ({ params, caller }) =>
  getPublicChallenge(params.id, caller.kind === "user" ? caller.account.id : null),
);
