import { json, route } from "@/lib/api/handler";
import { calibrationOperations } from "@/lib/contracts/calibration";
import { addGeneratedExamples } from "@/lib/services/calibration/generated";

// POST /console/api/challenges/{id}/calibration/examples/generated — add generated examples (201).
export const POST = route(calibrationOperations.addGenerated, async ({ caller, params, body }) =>
  json(
    { data: await addGeneratedExamples(caller.workspaceId, params.id, body, caller.account?.id ?? null) },
    { status: 201 },
  ),
);
