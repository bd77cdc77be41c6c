import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { listWorkspaceListings, requireInstanceAdmin } from "@/lib/services/moderation";

export const GET = route(moderationOperations.workspaces, async ({ query, caller }) => {
  await requireInstanceAdmin(caller.account);
  return listWorkspaceListings(query);
});
