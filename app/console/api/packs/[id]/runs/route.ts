import { json, route } from "@/lib/api/handler";
import { packRunOperations } from "@/lib/contracts/pack-runs";
import { listPackRuns, startPackRun } from "@/lib/services/packs/runs";

// GET /console/api/packs/{id}/runs — the pack's runs, newest first.
export const GET = route(packRunOperations.listForPack, async ({ caller, params }) => ({
  data: await listPackRuns(caller.workspaceId, params.id),
}));

// POST /console/api/packs/{id}/runs — start a run (202): its cases run on the job engine.
export const POST = route(packRunOperations.start, async ({ caller, params, body }) =>
  json(
    { run: await startPackRun(caller.workspaceId, params.id, body, caller.account?.id ?? null) },
    { status: 202 },
  ),
);
