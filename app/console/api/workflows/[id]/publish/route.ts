import { json, route } from "@/lib/api/handler";
import { workflowOperations } from "@/lib/contracts/workflows";
import { publishWorkflow } from "@/lib/services/workflows";

export const POST = route(
  workflowOperations.publish,
  async ({ caller, params }) =>
    json({ version: await publishWorkflow(caller.workspaceId, caller.account?.id ?? null, params.id) }, { status: 201 }),
);
