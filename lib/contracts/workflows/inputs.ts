import { z } from "zod";
import { workflowGraphSchema } from "@/lib/workflow/graph-schema";
import { validateGraph } from "@/lib/workflow/validate";
import type { GraphIssue, ValidationResult } from "@/lib/workflow/types";

// Console workflow input: the draft graph (shape checked by zod, semantics by validateGraph) and
// the test-run request. Client-safe: the builder runs validateDraft() on every edit and shows the
// same issues the server returns when it refuses a save.

export const workflowDraftSchema = z.strictObject({
  graph: z.unknown().refine((g) => g !== undefined, "graph is required"),
});

/** POST …/publish: no body, or an override of a failing calibration gate with its reason. */
export const workflowPublishSchema = z
  .strictObject({
    override_reason: z
      .string()
      .trim()
      .min(1, "Say why you publish without a passing calibration")
      .max(1000, "Keep the reason under 1000 characters")
      .optional(),
  })
  .optional();

export const workflowTestRunSchema = z.strictObject({
  inputs: z.record(z.string(), z.unknown(), { error: "inputs must be an object such as { \"prompt\": \"…\" }" }).default({}),
  /** Run the saved draft (default) or the published version. */
  use_draft: z.boolean({ error: "use_draft must be true or false" }).default(true),
});
export type WorkflowTestRunInput = z.input<typeof workflowTestRunSchema>;

/** The graph issues of a draft: the shape (zod) and the semantics (validateGraph), one list. */
export function validateDraft(graph: unknown): ValidationResult {
  return validateGraph(graph);
}

/** Issues as the API returns them (snake_case, in error.details.graph_issues). */
export const graphIssuesJson = (issues: GraphIssue[]) => issues.map((i) => ({ node_id: i.nodeId, message: i.message }));

export { workflowGraphSchema };
