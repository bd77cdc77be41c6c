import { route } from "@/lib/api/handler";
import { packCalibrationOperations } from "@/lib/contracts/pack-calibration";
import { getPackCalibration } from "@/lib/services/packs/calibration";

// GET /console/api/packs/{id}/versions/{number}/calibration/runs/{runId} — progress and, once done, the report.
export const GET = route(packCalibrationOperations.getRun, async ({ caller, params }) => ({
  run: await getPackCalibration(caller.workspaceId, params.id, params.number, params.runId),
}));
