import { json, route } from "@/lib/api/handler";
import { packCalibrationOperations } from "@/lib/contracts/pack-calibration";
import { listPackCalibrations, startPackCalibration } from "@/lib/services/packs/calibration";

// GET /console/api/packs/{id}/versions/{number}/calibration/runs — the version's calibrations, newest first.
export const GET = route(packCalibrationOperations.listRuns, async ({ caller, params, query }) =>
  listPackCalibrations(caller.workspaceId, params.id, params.number, query),
);

// POST /console/api/packs/{id}/versions/{number}/calibration/runs — calibrate its judges (202, a background job).
export const POST = route(packCalibrationOperations.startRun, async ({ caller, params, body }) =>
  json(
    {
      run: await startPackCalibration(
        caller.workspaceId,
        params.id,
        params.number,
        body,
        caller.account?.id ?? null,
      ),
    },
    { status: 202 },
  ),
);
