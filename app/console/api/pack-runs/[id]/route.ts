import { route } from "@/lib/api/handler";
import { packRunOperations } from "@/lib/contracts/pack-runs";
import { getPackRun } from "@/lib/services/packs/runs";

// GET /console/api/pack-runs/{id} — a run's progress (done/total, ETA) and, once finished, its summary.
export const GET = route(packRunOperations.get, async ({ caller, params }) => ({
  run: await getPackRun(caller.workspaceId, params.id),
}));
