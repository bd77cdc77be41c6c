import { isSameOrigin } from "@/lib/api/caller";
import { json, route } from "@/lib/api/handler";
import { guestIdOf, guestTokenOf } from "@/lib/auth/guest";
import { verdictReviewOperations } from "@/lib/contracts/verdict-reviews";
import { AppError, forbidden } from "@/lib/errors";
import { flagAttempt } from "@/lib/services/verdict-reviews";

// POST /web/api/challenges/{id}/attempts/{attemptId}/flag — flag the verdict of one of the
// caller's own attempts for the creator's review (a signed-in player, or a guest by their cookie).
export const POST = route(verdictReviewOperations.flag, async ({ req, params, body, caller }) => {
  let guestId: string | null = null;
  if (caller.kind !== "user") {
    if (guestTokenOf(req.headers) !== null && !isSameOrigin(req.headers, req.url)) {
      throw forbidden("Cross-site request refused");
    }
    guestId = guestIdOf(req.headers);
    if (!guestId) throw new AppError("unauthorized", "Log in to do this");
  }
  const player = { accountId: caller.kind === "user" ? caller.account.id : null, guestId };
  return json(await flagAttempt(player, params.id, params.attemptId, body), { status: 201 });
});
