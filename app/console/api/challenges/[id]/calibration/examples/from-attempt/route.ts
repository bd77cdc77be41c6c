import { json, route } from "@/lib/api/handler";
import { calibrationOperations } from "@/lib/contracts/calibration";
import { labelAttempt } from "@/lib/services/calibration/examples";

// POST /console/api/challenges/{id}/calibration/examples/from-attempt — label a past attempt (201).
export const POST = route(calibrationOperations.labelAttempt, async ({ caller, params, body }) =>
  json(
    { example: await labelAttempt(caller.workspaceId, params.id, body, caller.account?.id ?? null) },
    { status: 201 },
  ),
);
