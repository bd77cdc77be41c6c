import { route } from "@/lib/api/handler";
import { calibrationOperations } from "@/lib/contracts/calibration";
import { deleteCalibrationExample, updateCalibrationExample } from "@/lib/services/calibration/examples";

// PATCH /console/api/challenges/{id}/calibration/examples/{exampleId} — change its label and/or text.
export const PATCH = route(calibrationOperations.updateExample, async ({ caller, params, body }) => ({
  example: await updateCalibrationExample(caller.workspaceId, params.id, params.exampleId, body),
}));

// DELETE /console/api/challenges/{id}/calibration/examples/{exampleId} (204).
export const DELETE = route(calibrationOperations.removeExample, async ({ caller, params }) => {
  await deleteCalibrationExample(caller.workspaceId, params.id, params.exampleId);
  return null;
});
