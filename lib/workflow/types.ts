import type { EvaluationResult } from "@/lib/evaluation/types";

// Graph JSON as the editor (@xyflow/react) stores it: config lives in node.data.config.
export interface GraphNode {
  id: string;
  type: string;
  position?: { x: number; y: number };
  data: { label?: string; config: Record<string, unknown> };
}

export interface GraphEdge {
  id: string;
  source: string;
  sourceHandle?: string | null;
  target: string;
  targetHandle?: string | null;
}

export interface WorkflowGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface GraphIssue {
  nodeId: string | null;
  message: string;
}

export type ValidationResult = { ok: true } | { ok: false; issues: GraphIssue[] };

/** Where a run was started from (stored with the run). */
export type RunTrigger = "play" | "test-run" | "api" | "pack" | "calibration" | "reproduce";

export type RunStatus = "running" | "succeeded" | "failed" | "cancelled";
export type NodeRunStatus = "running" | "succeeded" | "failed" | "skipped";

/** Events a run emits; callers forward them to a browser (SSE). Values are already masked. */
export type RunEvent =
  | { type: "run_started"; runId: string }
  | { type: "node_started"; runId: string; nodeId: string; nodeType: string }
  | { type: "text_delta"; runId: string; nodeId: string; delta: string }
  | {
      type: "node_finished";
      runId: string;
      nodeId: string;
      nodeType: string;
      status: NodeRunStatus;
      outputs?: Record<string, unknown>;
      error?: string;
      elapsedMs: number;
      tokens: number;
    }
  | {
      type: "run_finished";
      runId: string;
      status: RunStatus;
      outputs?: Record<string, unknown>;
      error?: string;
      elapsedMs: number;
      tokensTotal: number;
      judgeTokensTotal: number;
    };

/**
 * What a player sees of a run (the attempt stream), instead of the creator's trace: never node
 * ids, node types, other nodes' outputs, judge data or configs. `answer_delta` is the Answer
 * node's text as it is generated, sent only when the published graph passes the generating LLM
 * node's text to the Answer node unchanged (ExecutionPlan.answerStream); `answer` is the final,
 * masked answer, sent once the run is over (by the attempts service).
 */
export type PlayerEvent =
  | { type: "run_started" }
  | { type: "progress"; stage: PlayerStage; message: string }
  | { type: "answer_delta"; delta: string }
  | { type: "answer"; text: string }
  /** The first run won and the challenge reproduces wins: `done` of its `runs` runs are over. */
  | { type: "reproducing"; done: number; runs: number; message: string };

/** Coarse progress of a run for players: the model is answering, then the answer is checked. */
export type PlayerStage = "answering" | "checking";

export interface RunLimits {
  maxSteps: number;
  maxWallMs: number;
  maxTokens: number;
  nodeTimeoutMs: number;
}

export interface RunResult {
  runId: string;
  status: RunStatus;
  /** The answer node's outputs (masked). */
  outputs: Record<string, unknown>;
  error?: string;
  /** Player-side tokens (llm nodes). */
  tokensTotal: number;
  /** Judge tokens (judging-llm and llm-judge evaluation), kept apart. */
  judgeTokensTotal: number;
  elapsedMs: number;
  /** The challenge-evaluator's verdict when the graph has one. */
  evaluation?: EvaluationResult;
  /** The model's answer text shown to the player (masked). */
  answerText?: string;
  /** True when the run failed because the model provider failed (timeout, 429, 5xx). */
  modelFailure?: boolean;
  /** The validation issues when the run failed because the graph is invalid. */
  issues?: GraphIssue[];
  /** With `record: true`, the whole run for the caller to write (lib/services/runs/store.ts). */
  record?: RunRecord;
}

// What one run leaves behind, as plain data: the engine produces it, lib/services/runs/store.ts
// writes it (the engine never touches storage). All values are already masked.

export interface RunRowStart {
  id: string;
  workspaceId: string;
  workflowId: string;
  workflowVersionId: string | null;
  endUserId: string | null;
  triggeredFrom: string;
  inputs: unknown;
  createdAt: Date;
}

export interface RunRowFinish {
  status: RunStatus;
  outputs?: unknown;
  error?: string;
  tokensTotal: number;
  judgeTokensTotal: number;
  elapsedMs: number;
  finishedAt: Date;
}

export interface NodeRunRow {
  nodeId: string;
  nodeType: string;
  index: number;
  status: NodeRunStatus;
  inputs?: unknown;
  outputs?: unknown;
  error?: string;
  tokens: number;
  elapsedMs: number;
  startedAt: Date;
  finishedAt: Date;
}

/** A finished run: its row as started and finished, and its node runs in execution order. */
export interface RunRecord {
  start: RunRowStart;
  finish: RunRowFinish;
  nodeRuns: NodeRunRow[];
}

/** Writes runs as they happen: the start row before the first node, the rest once finished. */
export interface RunStore {
  start(row: RunRowStart): Promise<void>;
  finish(record: RunRecord): Promise<void>;
}
