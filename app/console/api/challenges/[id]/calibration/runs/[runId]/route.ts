import { route } from "@/lib/api/handler";
import { calibrationOperations } from "@/lib/contracts/calibration";
import { getCalibrationRun } from "@/lib/services/calibration/runs";

// GET /console/api/challenges/{id}/calibration/runs/{runId} — progress and, once done, the report.
export const GET = route(calibrationOperations.getRun, async ({ caller, params }) => ({
  run: await getCalibrationRun(caller.workspaceId, params.id, params.runId),
}));
