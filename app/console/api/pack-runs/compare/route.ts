import { route } from "@/lib/api/handler";
import { packRunOperations } from "@/lib/contracts/pack-runs";
import { comparePackRuns } from "@/lib/services/packs/runs";

// GET /console/api/pack-runs/compare?a=&b=[&a_model=&b_model=] — two runs (or two models of one run) side by side.
export const GET = route(packRunOperations.compare, async ({ caller, query }) =>
  comparePackRuns(caller.workspaceId, query.a, query.b, query.a_model, query.b_model),
);
