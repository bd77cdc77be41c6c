import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { listAudit, requireInstanceAdmin } from "@/lib/services/moderation";

export const GET = route(moderationOperations.audit, async ({ query, caller }) => {
  await requireInstanceAdmin(caller.account);
  return listAudit(query);
});
