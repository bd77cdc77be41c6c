import { route } from "@/lib/api/handler";
import { packCalibrationOperations } from "@/lib/contracts/pack-calibration";
import { comparePackCalibrations } from "@/lib/services/packs/calibration";

// GET /console/api/packs/{id}/versions/{number}/calibration/compare?a=…&b=… — two calibrations compared.
export const GET = route(packCalibrationOperations.compareRuns, async ({ caller, params, query }) =>
  comparePackCalibrations(caller.workspaceId, params.id, params.number, query),
);
