import { route } from "@/lib/api/handler";
import { hintOperations } from "@/lib/contracts/hints";
import { unlockHint } from "@/lib/services/hints";

// POST /web/api/challenges/{id}/hints/{hintId}/unlock — idempotent; charged once.
export const POST = route(hintOperations.unlock, async ({ params, caller }) =>
  unlockHint(params.id, params.hintId, caller.account.id),
);
