import { route } from "@/lib/api/handler";
import { authOperations } from "@/lib/contracts/auth";
import { listWorkspacesFor } from "@/lib/services/workspaces";

export const GET = route(authOperations.me, async ({ caller }) => ({
  account: caller.account,
  workspaces: await listWorkspacesFor(caller.account.id),
}));
