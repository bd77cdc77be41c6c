import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { requireInstanceAdmin, resolveReport } from "@/lib/services/moderation";

export const POST = route(moderationOperations.resolveReport, async ({ params, body, caller }) => {
  const actor = await requireInstanceAdmin(caller.account);
  return resolveReport(actor, params.id, body.status, body.resolution);
});
