import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { requireInstanceAdmin, setListingState } from "@/lib/services/moderation";

export const POST = route(moderationOperations.setListing, async ({ params, body, caller }) => {
  const actor = await requireInstanceAdmin(caller.account);
  return setListingState(actor, params.kind, params.id, body.action, body.reason);
});
