import { operation } from "@/lib/contracts/operation";
import { testRunResponse, workflowResponse, workflowVersionResponse } from "@/lib/openapi/responses";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";
import { workflowDraftSchema, workflowTestRunSchema } from "@/lib/validation/workflows";
import { GRAPH_LIMITS } from "@/lib/workflow/graph-schema";

// /console/api/workflows/{id}: a challenge's workflow, its draft, publishing and test runs.

export const workflowOperations = {
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: {
      summary: "Get a workflow: draft graph (with its issues), published version and versions",
      response: workflowResponse,
    },
  }),
  saveDraft: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: workflowDraftSchema,
    maxBodyBytes: GRAPH_LIMITS.maxBytes + 16 * 1024,
    doc: {
      summary: "Save the draft graph (refused with graph_issues when it does not validate)",
      response: workflowResponse,
    },
  }),
  publish: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: {
      summary: "Publish the saved draft as the next version (the one players run)",
      response: workflowVersionResponse,
      status: 201,
    },
  }),
  testRun: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: workflowTestRunSchema,
    doc: {
      summary: "Test-run the workflow; JSON or Server-Sent Events",
      response: testRunResponse,
      sse: true,
    },
  }),
};
