import { route } from "@/lib/api/handler";
import { workflowOperations } from "@/lib/contracts/workflows";
import { getWorkflow } from "@/lib/services/workflows";

export const GET = route(
  workflowOperations.get,
  async ({ caller, params }) => ({ workflow: await getWorkflow(caller.workspaceId, params.id) }),
);
