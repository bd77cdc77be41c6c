import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { auditViewShape, isoTimestamp, jsonObject } from "@/lib/contracts/primitives";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { idParams } from "@/lib/contracts/params";
import {
  workflowDraftSchema,
  workflowPublishSchema,
  workflowTestRunSchema,
} from "@/lib/contracts/workflows/inputs";
import { GRAPH_LIMITS } from "@/lib/workflow/graph-schema";
import type { RunEvent } from "@/lib/workflow/types";

// /console/api/workflows/{id}: a challenge's workflow, its draft, publishing and test runs.

const graphIssue = z.object({ node_id: z.string().nullable(), message: z.string() });
export const workflowVersionView = z.object({
  id: z.string(),
  version: z.number().int(),
  published_by: z.string().nullable(),
  created_at: isoTimestamp,
});
export const workflowView = z.object({
  id: z.string(),
  app_id: z.string().nullable(),
  name: z.string(),
  draft_graph: z.object({ nodes: z.array(jsonObject), edges: z.array(jsonObject) }),
  draft_issues: z.array(graphIssue),
  /** Warnings (e.g. no model sees {{secret}}): saving and publishing still work. */
  draft_warnings: z.array(graphIssue),
  published_version: z.number().int().nullable(),
  published_version_id: z.string().nullable(),
  versions: z.array(workflowVersionView),
  challenges: z.array(z.object({ id: z.string(), name: z.string() })),
  ...auditViewShape,
});
export const workflowResponse = z.object({ workflow: workflowView });
export const workflowVersionResponse = z.object({ version: workflowVersionView });
/** One challenge at the calibration gate of a publish (lib/services/calibration/gate.ts). */
export const gateCheckView = z.object({
  challenge_id: z.string(),
  challenge_name: z.string(),
  held_for: z.enum(["judge", "examples"]).nullable(),
  passed: z.boolean(),
  run_id: z.string().nullable(),
  failures: z.array(z.string()),
});
export const workflowPublishResponse = z.object({
  version: workflowVersionView,
  gate: z.array(gateCheckView),
  overridden: z.boolean(),
});

const runEvent = z
  .object({
    type: z.enum(["run_started", "node_started", "text_delta", "node_finished", "run_finished"]),
    run_id: z.string(),
    node_id: z.string().optional(),
    node_type: z.string().optional(),
    elapsed_ms: z.number().optional(),
    tokens_total: z.number().optional(),
    judge_tokens_total: z.number().optional(),
  })
  .loose();

// The engine's events on the wire (JSON and SSE) use the API's snake_case names; only the
// top-level keys are renamed (a node's `outputs` are the graph's own data).
const WIRE_NAMES: Record<string, string> = {
  runId: "run_id",
  nodeId: "node_id",
  nodeType: "node_type",
  elapsedMs: "elapsed_ms",
  tokensTotal: "tokens_total",
  judgeTokensTotal: "judge_tokens_total",
};
const ENGINE_NAMES = Object.fromEntries(Object.entries(WIRE_NAMES).map(([k, v]) => [v, k]));

/** An engine event as the test-run endpoint sends it. */
export function runEventJson(event: RunEvent): Record<string, unknown> {
  return Object.fromEntries(Object.entries(event).map(([k, v]) => [WIRE_NAMES[k] ?? k, v]));
}

/** A test-run event read from the wire, back in the engine's shape (unchecked). */
export function runEventFromJson(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [ENGINE_NAMES[k] ?? k, v]));
}
export const testRunResponse = z.object({
  run_id: z.string(),
  status: z.enum(["running", "succeeded", "failed", "cancelled"]),
  outputs: jsonObject,
  error: z.string().nullable(),
  evaluation: jsonObject.nullable(),
  tokens_total: z.number().int(),
  judge_tokens_total: z.number().int(),
  elapsed_ms: z.number().int(),
  events: z.array(runEvent),
});

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
    body: workflowPublishSchema,
    doc: {
      summary:
        "Publish the saved draft as the next version (the one players run); 409 calibration_required at a failing calibration gate unless override_reason is given (audited)",
      response: workflowPublishResponse,
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
