import { route } from "@/lib/api/handler";
import { verdictReviewOperations } from "@/lib/contracts/verdict-reviews";
import { listVerdictReviews } from "@/lib/services/verdict-reviews";

// GET /console/api/verdict-reviews?status=open|decided&challenge_id= — the workspace's review
// queue of flagged and contested attempts.
export const GET = route(verdictReviewOperations.list, async ({ caller, query }) =>
  listVerdictReviews(caller.workspaceId, query),
);
