import { route } from "@/lib/api/handler";
import { workspaceOperations } from "@/lib/contracts/workspaces";
import { getWorkspaceDetails } from "@/lib/services/workspaces";

export const GET = route(workspaceOperations.current, async ({ caller }) => {
  const ws = await getWorkspaceDetails(caller.workspaceId);
  return {
    workspace: {
      id: ws.id,
      name: ws.name,
      slug: ws.slug,
      created_at: ws.createdAt.toISOString(),
      listing_approval: ws.listingApproval === "approved" ? ("approved" as const) : ("pending" as const),
    },
    role: caller.role,
    via: caller.via,
  };
});
