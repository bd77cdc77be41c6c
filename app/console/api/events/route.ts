import { route } from "@/lib/api/handler";
import { workspaceEventOperations } from "@/lib/contracts/notifications";
import { listWorkspaceEvents } from "@/lib/services/notifications";

// GET /console/api/events — the workspace's notification events, newest first.
export const GET = route(workspaceEventOperations.list, ({ caller, query }) =>
  listWorkspaceEvents(caller.workspaceId, query),
);
