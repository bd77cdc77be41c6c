import { route } from "@/lib/api/handler";
import { calibrationOperations } from "@/lib/contracts/calibration";
import { getCalibrationSettings, updateCalibrationSettings } from "@/lib/services/calibration/settings";

// GET /console/api/challenges/{id}/calibration/settings — samples per example and thresholds.
export const GET = route(calibrationOperations.getSettings, async ({ caller, params }) => ({
  settings: await getCalibrationSettings(caller.workspaceId, params.id),
}));

// PATCH /console/api/challenges/{id}/calibration/settings
export const PATCH = route(calibrationOperations.updateSettings, async ({ caller, params, body }) => ({
  settings: await updateCalibrationSettings(caller.workspaceId, params.id, body, caller.account?.id ?? null),
}));
