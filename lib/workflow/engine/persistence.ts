import "server-only";
import { db } from "@/lib/db";
import { fromDatabaseError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { NodeRunStatus, RunStatus } from "@/lib/workflow/types";

// A run costs two round trips: the WorkflowRun row when it starts (so a running run is visible
// and attempts can reference it), then one transaction that finishes it and inserts every node
// run with createMany. Callers pass values that are already masked.

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

/** JSON columns take plain JSON: drops undefined, turns Dates into strings. */
function json(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw fromDatabaseError(err) ?? err;
  }
}

export async function insertRun(row: RunRowStart): Promise<void> {
  await guard(
    db.workflowRun.create({
      data: {
        id: row.id,
        workspaceId: row.workspaceId,
        workflowId: row.workflowId,
        workflowVersionId: row.workflowVersionId,
        endUserId: row.endUserId,
        triggeredFrom: row.triggeredFrom,
        status: "running",
        inputs: json(row.inputs),
        createdAt: row.createdAt,
      },
      select: { id: true },
    }),
  );
}

export async function finishRun(runId: string, run: RunRowFinish, nodeRuns: NodeRunRow[]): Promise<void> {
  const update = db.workflowRun.update({
    where: { id: runId },
    data: {
      status: run.status,
      ...(run.outputs !== undefined ? { outputs: json(run.outputs) } : {}),
      error: run.error ?? null,
      tokensTotal: run.tokensTotal,
      judgeTokensTotal: run.judgeTokensTotal,
      elapsedMs: run.elapsedMs,
      finishedAt: run.finishedAt,
    },
    select: { id: true },
  });
  const rows = nodeRuns.map((r) => ({
    runId,
    nodeId: r.nodeId,
    nodeType: r.nodeType,
    index: r.index,
    status: r.status,
    ...(r.inputs !== undefined ? { inputs: json(r.inputs) } : {}),
    ...(r.outputs !== undefined ? { outputs: json(r.outputs) } : {}),
    error: r.error ?? null,
    tokens: r.tokens,
    elapsedMs: r.elapsedMs,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  }));
  if (rows.length === 0) await guard(update);
  else await guard(db.$transaction([update, db.workflowNodeRun.createMany({ data: rows })]));
}
