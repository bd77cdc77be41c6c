import { route } from "@/lib/api/handler";
import { GRAPH_LIMITS } from "@/lib/workflow/graph-schema";
import { workflowResponse } from "@/lib/openapi/responses";
import { saveWorkflowDraft } from "@/lib/services/workflows";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";
import { workflowDraftSchema } from "@/lib/validation/workflows";

// An invalid graph is refused with 422 and error.details.graph_issues = [{ node_id, message }].
export const PUT = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: workflowDraftSchema,
    maxBodyBytes: GRAPH_LIMITS.maxBytes + 16 * 1024,
    doc: { summary: "Save the draft graph (refused with graph_issues when it does not validate)", response: workflowResponse },
  },
  async ({ caller, params, body }) => ({
    workflow: await saveWorkflowDraft(caller.workspaceId, caller.account?.id ?? null, params.id, body.graph),
  }),
);
