import { route } from "@/lib/api/handler";
import { workflowResponse } from "@/lib/openapi/responses";
import { getWorkflow } from "@/lib/services/workflows";
import { idParams } from "@/lib/validation/console";

export const GET = route(
  {
    auth: "workspace",
    params: idParams,
    doc: { summary: "Get a workflow: draft graph (with its issues), published version and versions", response: workflowResponse },
  },
  async ({ caller, params }) => ({ workflow: await getWorkflow(caller.workspaceId, params.id) }),
);
