import { json, route } from "@/lib/api/handler";
import { workflowOperations } from "@/lib/contracts/workflows";
import { publishWorkflow } from "@/lib/services/workflows";

// POST /console/api/workflows/{id}/publish — body optional: { override_reason } past the gate.
export const POST = route(workflowOperations.publish, async ({ caller, params, body }) =>
  json(
    await publishWorkflow(caller.workspaceId, caller.account?.id ?? null, params.id, {
      overrideReason: body?.override_reason,
    }),
    { status: 201 },
  ),
);
