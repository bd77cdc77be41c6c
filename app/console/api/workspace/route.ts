import { route } from "@/lib/api/handler";
import { getWorkspaceDetails } from "@/lib/services/workspaces";

export const GET = route({ auth: "workspace" }, async ({ caller }) => {
  const ws = await getWorkspaceDetails(caller.workspaceId);
  return { workspace: ws, role: caller.role, via: caller.via };
});
