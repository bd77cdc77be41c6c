import { route } from "@/lib/api/handler";
import { workspaceOperations } from "@/lib/contracts/workspaces";
import { db } from "@/lib/db";

export const GET = route(workspaceOperations.current, async ({ caller }) => {
  const ws = await db.workspace.findUniqueOrThrow({
    where: { id: caller.workspaceId },
    select: { id: true, name: true, slug: true, createdAt: true },
  });
  return { workspace: ws, role: caller.role, via: caller.via };
});
