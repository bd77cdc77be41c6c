import { route } from "@/lib/api/handler";
import { listWorkspacesFor } from "@/lib/services/workspaces";

export const GET = route({ auth: "user" }, async ({ caller }) => ({
  account: caller.account,
  workspaces: await listWorkspacesFor(caller.account.id),
}));
