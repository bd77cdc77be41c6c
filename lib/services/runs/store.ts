// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { uuidv7 } from "@/lib/ids";
import { exec, json, transaction, type Param, type Step } from "@/lib/db/sql";
import { fromDatabaseError } from "@/lib/errors";
import type { NodeRunRow, RunRecord, RunRowFinish, RunRowStart, RunStore } from "@/lib/workflow/types";

// Where the engine's runs are written (RunRecord, lib/workflow/types.ts). A run costs two short transactions: the WorkflowRun row when it starts (so a running run is
// visible and attempts can reference it), then one that finishes it and inserts every node run
// in one multi-row INSERT. The attempt path instead writes the finished run once, inside the
// transaction that records the attempt (completedRunSteps): the pending attempt row already
// shows that the run is under way. JSON columns are serialized once with JSON.stringify (undefined
// dropped, Dates as ISO strings). Lean SQL (lib/db/sql.ts): this runs for every attempt. Callers pass
// values that are already masked.

async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw fromDatabaseError(err) ?? err;
  }
}

export async function insertRun(row: RunRowStart): Promise<void> {
  await guard(
    transaction(() =>
      exec(
        `INSERT INTO workflow_runs (id, tenant_id, workflow_id, workflow_version_id, end_user_id, triggered_from, status,
           inputs, tokens_total, judge_tokens_total, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'running', $7::jsonb, 0, 0, $8)`,
        row.id,
        row.workspaceId,
        row.workflowId,
        row.workflowVersionId,
        row.endUserId,
        row.triggeredFrom,
        json(row.inputs),
        row.createdAt,
      ),
    ),
  );
}

/** Node runs per INSERT statement (11 parameters each, well under either database's limit). */
const NODE_RUNS_PER_INSERT = 50;

function* finishSteps(runId: string, run: RunRowFinish, nodeRuns: NodeRunRow[]): Step<void> {
  const outputs = run.outputs !== undefined;
  yield* exec(
    `UPDATE workflow_runs SET status = $2, ${outputs ? "outputs = $8::jsonb, " : ""}error = $3, tokens_total = $4,
       judge_tokens_total = $5, elapsed_ms = $6, finished_at = $7
     WHERE id = $1`,
    runId,
    run.status,
    run.error ?? null,
    run.tokensTotal,
    run.judgeTokensTotal,
    run.elapsedMs,
    run.finishedAt,
    ...(outputs ? [json(run.outputs)] : []),
  );
  yield* nodeRunSteps(runId, nodeRuns);
}

function* nodeRunSteps(runId: string, nodeRuns: NodeRunRow[]): Step<void> {
  for (let i = 0; i < nodeRuns.length; i += NODE_RUNS_PER_INSERT) {
    const chunk = nodeRuns.slice(i, i + NODE_RUNS_PER_INSERT);
    const params: Param[] = [];
    const values = chunk.map((r) => {
      const base = params.length;
      params.push(
        uuidv7(),
        runId,
        r.nodeId,
        r.nodeType,
        r.index,
        r.status,
        r.inputs !== undefined ? json(r.inputs) : null,
        r.outputs !== undefined ? json(r.outputs) : null,
        r.error ?? null,
        r.tokens,
        r.elapsedMs,
        r.startedAt,
        r.finishedAt,
      );
      const p = (k: number) => `$${base + k}`;
      return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}::jsonb, ${p(8)}::jsonb, ${p(9)}, ${p(10)}, ${p(11)}, ${p(12)}, ${p(13)})`;
    });
    yield* exec(
      `INSERT INTO workflow_node_runs (id, workflow_run_id, node_id, node_type, "index", status, inputs, outputs, error, tokens,
         elapsed_ms, started_at, finished_at)
       VALUES ${values.join(", ")}`,
      ...params,
    );
  }
}

export async function finishRun(runId: string, run: RunRowFinish, nodeRuns: NodeRunRow[]): Promise<void> {
  await guard(transaction(() => finishSteps(runId, run, nodeRuns)));
}

/**
 * A whole run written at once, for a caller that persists it inside its own transaction (the
 * attempt path records the run with the attempt): one INSERT of the finished run row instead of
 * an INSERT at the start and an UPDATE at the end, then the node runs.
 */
export function* completedRunSteps({ start, finish: run, nodeRuns }: RunRecord): Step<void> {
  const outputs = run.outputs !== undefined;
  yield* exec(
    `INSERT INTO workflow_runs (id, tenant_id, workflow_id, workflow_version_id, end_user_id, triggered_from, status,
       inputs, outputs, error, tokens_total, judge_tokens_total, elapsed_ms, created_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12, $13, $14, $15)`,
    start.id,
    start.workspaceId,
    start.workflowId,
    start.workflowVersionId,
    start.endUserId,
    start.triggeredFrom,
    run.status,
    json(start.inputs),
    outputs ? json(run.outputs) : null,
    run.error ?? null,
    run.tokensTotal,
    run.judgeTokensTotal,
    run.elapsedMs,
    start.createdAt,
    run.finishedAt,
  );
  yield* nodeRunSteps(start.id, nodeRuns);
}

/** Writes a run as it starts and as it ends (the console's test-runs, API runs). */
export const runStore: RunStore = {
  start: insertRun,
  finish: (record: RunRecord) => finishRun(record.start.id, record.finish, record.nodeRuns),
};
