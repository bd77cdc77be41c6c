import { route } from "@/lib/api/handler";
import { packRunOperations } from "@/lib/contracts/pack-runs";
import { cancelPackRun } from "@/lib/services/packs/runs";

// POST /console/api/pack-runs/{id}/cancel — stop a queued or running run; a finished run is unchanged.
export const POST = route(packRunOperations.cancel, async ({ caller, params }) => ({
  run: await cancelPackRun(caller.workspaceId, params.id),
}));
