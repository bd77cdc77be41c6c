import { route } from "@/lib/api/handler";
import { workflowOperations } from "@/lib/contracts/workflows";
import { saveWorkflowDraft } from "@/lib/services/workflows";

// An invalid graph is refused with 422 and error.details.graph_issues = [{ node_id, message }].
export const PUT = route(
  workflowOperations.saveDraft,
  async ({ caller, params, body }) => ({
    workflow: await saveWorkflowDraft(caller.workspaceId, caller.account?.id ?? null, params.id, body.graph),
  }),
);
