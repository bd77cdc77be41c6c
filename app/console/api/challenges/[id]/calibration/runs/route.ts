import { json, route } from "@/lib/api/handler";
import { calibrationOperations } from "@/lib/contracts/calibration";
import { listCalibrationRuns, startCalibrationRun } from "@/lib/services/calibration/runs";

// GET /console/api/challenges/{id}/calibration/runs — the challenge's calibrations, newest first.
export const GET = route(calibrationOperations.listRuns, async ({ caller, params, query }) =>
  listCalibrationRuns(caller.workspaceId, params.id, query),
);

// POST /console/api/challenges/{id}/calibration/runs — calibrate (202): the run is a background job.
export const POST = route(calibrationOperations.startRun, async ({ caller, params, body }) =>
  json(
    { run: await startCalibrationRun(caller.workspaceId, params.id, body, caller.account?.id ?? null) },
    { status: 202 },
  ),
);
