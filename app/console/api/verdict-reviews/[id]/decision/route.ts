import { route } from "@/lib/api/handler";
import { verdictReviewOperations } from "@/lib/contracts/verdict-reviews";
import { decideVerdictReview } from "@/lib/services/verdict-reviews";

// POST /console/api/verdict-reviews/{id}/decision — confirm or overturn a verdict, with a note.
export const POST = route(verdictReviewOperations.decide, async ({ caller, params, body }) =>
  decideVerdictReview({ workspaceId: caller.workspaceId, account: caller.account }, params.id, body),
);
