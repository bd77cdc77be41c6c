import type { NodeRunStatus, RunEvent, RunStatus } from "@/lib/workflow/types";
import { runEventFromJson } from "@/lib/contracts/workflows";

// The test-run panel's state, folded from the engine's events as they stream in (pure: the
// values are already masked by the server).

export interface NodeTrace {
  nodeId: string;
  nodeType: string;
  status: NodeRunStatus;
  text: string;
  outputs?: Record<string, unknown>;
  error?: string;
  elapsedMs?: number;
  tokens?: number;
}

export interface Verdict {
  succeeded: boolean | null;
  outcome?: string;
  rating?: number | null;
  feedback?: string | null;
}

export interface RunTrace {
  runId: string | null;
  status: RunStatus | "idle" | "error";
  /** Node traces in the order they started. */
  nodes: NodeTrace[];
  outputs?: Record<string, unknown>;
  error?: string;
  elapsedMs?: number;
  tokensTotal?: number;
  judgeTokensTotal?: number;
  verdict?: Verdict;
}

export const emptyTrace: RunTrace = { runId: null, status: "idle", nodes: [] };

function updateNode(
  trace: RunTrace,
  nodeId: string,
  patch: (n: NodeTrace) => NodeTrace,
  nodeType = "",
): RunTrace {
  const index = trace.nodes.findIndex((n) => n.nodeId === nodeId);
  if (index < 0) {
    return { ...trace, nodes: [...trace.nodes, patch({ nodeId, nodeType, status: "running", text: "" })] };
  }
  const nodes = trace.nodes.slice();
  nodes[index] = patch(nodes[index]!);
  return { ...trace, nodes };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The verdict from a finished challenge-evaluator node's outputs. */
function verdictFromOutputs(outputs: Record<string, unknown> | undefined): Verdict | undefined {
  if (!outputs || !("challenge_succeeded" in outputs)) return undefined;
  const succeeded = outputs.challenge_succeeded;
  return {
    succeeded: typeof succeeded === "boolean" ? succeeded : null,
    ...(typeof outputs.judge_rating === "number" ? { rating: outputs.judge_rating } : {}),
    ...(typeof outputs.judge_feedback === "string"
      ? { feedback: outputs.judge_feedback }
      : typeof outputs.message === "string"
        ? { feedback: outputs.message }
        : {}),
  };
}

/** The verdict from a final result object (RunResult-like: `evaluation`). */
export function verdictFromResult(result: unknown): Verdict | undefined {
  if (!isRecord(result)) return undefined;
  const evaluation = isRecord(result.evaluation) ? result.evaluation : undefined;
  if (!evaluation) return undefined;
  const outcome = typeof evaluation.outcome === "string" ? evaluation.outcome : undefined;
  return {
    succeeded: outcome === "pass" ? true : outcome === "fail" ? false : null,
    ...(outcome ? { outcome } : {}),
    ...(typeof evaluation.rating === "number" ? { rating: evaluation.rating } : {}),
    ...(typeof evaluation.feedback === "string" ? { feedback: evaluation.feedback } : {}),
  };
}

export function applyRunEvent(trace: RunTrace, event: RunEvent): RunTrace {
  switch (event.type) {
    case "run_started":
      return { ...emptyTrace, runId: event.runId, status: "running" };
    case "node_started":
      return updateNode(
        trace,
        event.nodeId,
        (n) => ({ ...n, nodeType: event.nodeType, status: "running" }),
        event.nodeType,
      );
    case "text_delta":
      return updateNode(trace, event.nodeId, (n) => ({ ...n, text: n.text + event.delta }));
    case "node_finished": {
      const next = updateNode(
        trace,
        event.nodeId,
        (n) => ({
          ...n,
          nodeType: event.nodeType,
          status: event.status,
          ...(event.outputs ? { outputs: event.outputs } : {}),
          ...(event.error ? { error: event.error } : {}),
          elapsedMs: event.elapsedMs,
          tokens: event.tokens,
        }),
        event.nodeType,
      );
      const verdict =
        event.nodeType === "challenge-evaluator" ? verdictFromOutputs(event.outputs) : undefined;
      return verdict ? { ...next, verdict } : next;
    }
    case "run_finished":
      return {
        ...trace,
        runId: trace.runId ?? event.runId,
        status: event.status,
        ...(event.outputs ? { outputs: event.outputs } : {}),
        ...(event.error ? { error: event.error } : {}),
        elapsedMs: event.elapsedMs,
        tokensTotal: event.tokensTotal,
        judgeTokensTotal: event.judgeTokensTotal,
      };
  }
}

const RUN_EVENT_TYPES = new Set([
  "run_started",
  "node_started",
  "text_delta",
  "node_finished",
  "run_finished",
]);

/** A parsed SSE data payload (the test-run endpoint's snake_case names) that is one of the engine's events. */
export function asRunEvent(value: unknown): RunEvent | null {
  return isRecord(value) && typeof value.type === "string" && RUN_EVENT_TYPES.has(value.type)
    ? (runEventFromJson(value) as unknown as RunEvent)
    : null;
}

/** Node id → status for the canvas. */
export function nodeStatuses(trace: RunTrace): Map<string, NodeRunStatus> {
  return new Map(trace.nodes.map((n) => [n.nodeId, n.status]));
}
