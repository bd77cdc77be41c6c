import { json, route } from "@/lib/api/handler";
import { workflowVersionResponse } from "@/lib/openapi/responses";
import { publishWorkflow } from "@/lib/services/workflows";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";

export const POST = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Publish the saved draft as the next version (the one players run)", response: workflowVersionResponse, status: 201 },
  },
  async ({ caller, params }) =>
    json({ version: await publishWorkflow(caller.workspaceId, caller.account?.id ?? null, params.id) }, { status: 201 }),
);
