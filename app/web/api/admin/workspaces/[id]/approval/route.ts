import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { requireInstanceAdmin, setWorkspaceApproval } from "@/lib/services/moderation";

export const POST = route(moderationOperations.approveWorkspace, async ({ params, body, caller }) => {
  const actor = await requireInstanceAdmin(caller.account);
  return setWorkspaceApproval(actor, params.id, body.action, body.reason);
});
