import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { listReports, requireInstanceAdmin } from "@/lib/services/moderation";

export const GET = route(moderationOperations.reports, async ({ query, caller }) => {
  await requireInstanceAdmin(caller.account);
  return listReports(query);
});
