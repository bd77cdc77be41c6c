import { route } from "@/lib/api/handler";
import { attemptHistoryOperations } from "@/lib/contracts/attempts";
import { listWorkspaceAttempts } from "@/lib/services/attempts/history";

// GET /console/api/challenges/{id}/attempts — the challenge's attempts for workspace members,
// newest first, filtered by status, success, player and time.
export const GET = route(attemptHistoryOperations.workspace, async ({ caller, params, query }) =>
  listWorkspaceAttempts(caller.workspaceId, params.id, query),
);
