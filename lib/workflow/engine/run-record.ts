import type { NodeRunStatus, RunStatus } from "@/lib/workflow/types";

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
