import { json, route } from "@/lib/api/handler";
import { calibrationOperations } from "@/lib/contracts/calibration";
import { createCalibrationExample, listCalibrationExamples } from "@/lib/services/calibration/examples";

// GET /console/api/challenges/{id}/calibration/examples — the challenge's labelled examples.
export const GET = route(calibrationOperations.listExamples, async ({ caller, params }) => ({
  data: await listCalibrationExamples(caller.workspaceId, params.id),
}));

// POST /console/api/challenges/{id}/calibration/examples — add an example the creator wrote (201).
export const POST = route(calibrationOperations.createExample, async ({ caller, params, body }) =>
  json(
    {
      example: await createCalibrationExample(
        caller.workspaceId,
        params.id,
        body,
        caller.account?.id ?? null,
      ),
    },
    { status: 201 },
  ),
);
