import { json, route } from "@/lib/api/handler";
import { packCalibrationOperations } from "@/lib/contracts/pack-calibration";
import { createPackCalibrationOutput, listPackCalibrationOutputs } from "@/lib/services/packs/calibration";

// GET /console/api/packs/{id}/versions/{number}/calibration/outputs — the version's labelled outputs.
export const GET = route(packCalibrationOperations.listOutputs, async ({ caller, params }) => ({
  data: await listPackCalibrationOutputs(caller.workspaceId, params.id, params.number),
}));

// POST /console/api/packs/{id}/versions/{number}/calibration/outputs — keep a labelled output (201).
export const POST = route(packCalibrationOperations.createOutput, async ({ caller, params, body }) =>
  json(
    {
      output: await createPackCalibrationOutput(
        caller.workspaceId,
        params.id,
        params.number,
        body,
        caller.account?.id ?? null,
      ),
    },
    { status: 201 },
  ),
);
