import { route } from "@/lib/api/handler";
import { packCalibrationOperations } from "@/lib/contracts/pack-calibration";
import { deletePackCalibrationOutput, updatePackCalibrationOutput } from "@/lib/services/packs/calibration";

// PATCH /console/api/packs/{id}/versions/{number}/calibration/outputs/{outputId} — its label and/or text.
export const PATCH = route(packCalibrationOperations.updateOutput, async ({ caller, params, body }) => ({
  output: await updatePackCalibrationOutput(
    caller.workspaceId,
    params.id,
    params.number,
    params.outputId,
    body,
  ),
}));

// DELETE /console/api/packs/{id}/versions/{number}/calibration/outputs/{outputId} (204).
export const DELETE = route(packCalibrationOperations.removeOutput, async ({ caller, params }) => {
  await deletePackCalibrationOutput(caller.workspaceId, params.id, params.number, params.outputId);
  return null;
});
