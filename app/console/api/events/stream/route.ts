import { route } from "@/lib/api/handler";
import { workspaceEventOperations } from "@/lib/contracts/notifications";
import { sseResponse } from "@/lib/http/sse";
import { listWorkspaceEvents, workspaceEventStream } from "@/lib/services/notifications";

// GET /console/api/events/stream — with Accept: text/event-stream, the workspace's events as
// they are processed (`event`, `heartbeat`); otherwise the newest events as JSON.
export const GET = route(workspaceEventOperations.stream, async ({ req, caller }) => {
  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
    return listWorkspaceEvents(caller.workspaceId, { limit: 20, offset: 0 });
  }
  const watcher = caller.account ? `account:${caller.account.id}` : `token:${caller.tokenId ?? "unknown"}`;
  return sseResponse(workspaceEventStream(caller.workspaceId, watcher, req.signal), {
    headers: { "cache-control": "no-cache, no-transform", connection: "keep-alive" },
  });
});
