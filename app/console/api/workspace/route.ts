import { route } from "@/lib/api/handler";
import { workspaceOperations } from "@/lib/contracts/workspaces";
import { getWorkspaceDetails } from "@/lib/services/workspaces";

export const GET = route(workspaceOperations.current, async ({ caller }) => {
  const ws = await getWorkspaceDetails(caller.workspaceId);
  return { workspace: ws, role: caller.role, via: caller.via };
});
