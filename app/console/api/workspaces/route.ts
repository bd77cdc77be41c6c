import { route } from "@/lib/api/handler";
import { workspaceOperations } from "@/lib/contracts/workspaces";
import { createWorkspace } from "@/lib/services/workspaces";

// Creates a workspace owned by the signed-in caller (the console's "Create workspace" form calls
// the same service), so an organiser can script an event's setup.
export const POST = route(workspaceOperations.create, async ({ body, caller }) => {
  const ws = await createWorkspace(caller.account.id, body.name);
  return Response.json(
    { workspace: { id: ws.id, name: ws.name, slug: ws.slug, role: ws.role, listing_approval: ws.listingApproval } },
    { status: 201 },
  );
});
