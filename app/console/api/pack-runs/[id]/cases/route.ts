import { route } from "@/lib/api/handler";
import { packRunOperations } from "@/lib/contracts/pack-runs";
import { listRunCases } from "@/lib/services/packs/runs";

// GET /console/api/pack-runs/{id}/cases — a page of the run's cases (filter by status or model).
export const GET = route(packRunOperations.cases, async ({ caller, params, query }) =>
  listRunCases(caller.workspaceId, params.id, query),
);
