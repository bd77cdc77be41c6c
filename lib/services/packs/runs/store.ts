import "server-only";
import { uuidv7 } from "@/lib/ids";
import {
  all,
  asDate,
  asDateOrNull,
  asJson,
  asNum,
  asNumOrNull,
  exec,
  json,
  one,
  type Step,
} from "@/lib/db/sql";
import type { CaseOutcome } from "@/lib/packs/run/execute";
import { NEEDS_SANDBOX_PREFIX, type PlannedCase } from "@/lib/packs/run/plan";

// The SQL of pack runs (lib/db/sql.ts steps, PostgreSQL syntax). A case leaves `pending` once:
// recordCases updates `WHERE status = 'pending'` and moves the run's counters by what changed,
// in the same transaction, so a case finished twice (a worker that died after the model call,
// a second worker) is stored and counted once.

export interface RunRow {
  id: string;
  workspaceId: string;
  versionId: string;
  inputSetKey: string | null;
  models: string[];
  options: { concurrency: number; judgeModels: Record<string, string>; promptOnly?: boolean };
  status: string;
  totalCases: number;
  doneCases: number;
  passedCases: number;
  errorCases: number;
  sandboxCases: number;
  tokens: number;
  costUsd: number;
  judgeTokens: number;
  judgeCostUsd: number;
  summary: unknown;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

type RawRun = Record<string, unknown>;

export const RUN_COLUMNS =
  "id, tenant_id, challenge_pack_version_id, input_set_key, models, options, status, total_cases, done_cases, passed_cases, error_cases, sandbox_cases, tokens, cost_usd, judge_tokens, judge_cost_usd, summary, error, created_at, started_at, finished_at";

export function runOf(r: RawRun): RunRow {
  return {
    id: String(r.id),
    workspaceId: String(r.tenant_id),
    versionId: String(r.challenge_pack_version_id),
    inputSetKey: (r.input_set_key as string | null) ?? null,
    models: asJson(r.models) as string[],
    options: asJson(r.options) as RunRow["options"],
    status: String(r.status),
    totalCases: asNum(r.total_cases),
    doneCases: asNum(r.done_cases),
    passedCases: asNum(r.passed_cases),
    errorCases: asNum(r.error_cases),
    sandboxCases: asNum(r.sandbox_cases),
    tokens: asNum(r.tokens),
    costUsd: asNum(r.cost_usd),
    judgeTokens: asNum(r.judge_tokens),
    judgeCostUsd: asNum(r.judge_cost_usd),
    summary: asJson(r.summary),
    error: (r.error as string | null) ?? null,
    createdAt: asDate(r.created_at),
    startedAt: asDateOrNull(r.started_at),
    finishedAt: asDateOrNull(r.finished_at),
  };
}

export function* readRun(runId: string, workspaceId?: string): Step<RunRow | undefined> {
  const row = workspaceId
    ? yield* one<RawRun>(
        `SELECT ${RUN_COLUMNS} FROM pack_runs WHERE id = $1 AND tenant_id = $2`,
        runId,
        workspaceId,
      )
    : yield* one<RawRun>(`SELECT ${RUN_COLUMNS} FROM pack_runs WHERE id = $1`, runId);
  return row ? runOf(row) : undefined;
}

const CASE_CHUNK = 200;

/** Inserts a run and its planned cases (cases that need a sandbox are finished at once). */
export function* insertRun(run: {
  id: string;
  workspaceId: string;
  versionId: string;
  inputSetKey: string | null;
  models: string[];
  options: RunRow["options"];
  createdById: string | null;
  cases: PlannedCase[];
}): Step<void> {
  const now = new Date();
  const sandbox = run.cases.filter((c) => c.needsSandbox).length;
  yield* exec(
    `INSERT INTO pack_runs (id, tenant_id, challenge_pack_version_id, input_set_key, models, options, status, total_cases, sandbox_cases, created_by_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, 'queued', $7, $8, $9, $10, $10)`,
    run.id,
    run.workspaceId,
    run.versionId,
    run.inputSetKey,
    json(run.models),
    json(run.options),
    run.cases.length,
    sandbox,
    run.createdById,
    now,
  );
  for (let start = 0; start < run.cases.length; start += CASE_CHUNK) {
    const chunk = run.cases.slice(start, start + CASE_CHUNK);
    const values: string[] = [];
    const params: (string | number | Date | null)[] = [];
    for (const c of chunk) {
      const p = params.length;
      values.push(
        `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, $${p + 8}, $${p + 9}, $${p + 10}, $${p + 11})`,
      );
      params.push(
        uuidv7(),
        run.id,
        c.ordinal,
        c.modelRef,
        c.kind,
        c.inputSetKey,
        c.challengeKey,
        c.caseKey,
        c.needsSandbox ? "needs_sandbox" : "pending",
        c.needsSandbox ? `${NEEDS_SANDBOX_PREFIX}${c.needsSandbox}` : null,
        c.needsSandbox ? now : null,
      );
    }
    yield* exec(
      `INSERT INTO pack_run_cases (id, run_id, ordinal, model_ref, kind, input_set_key, challenge_key, case_key, status, error, finished_at) VALUES ${values.join(", ")}`,
      ...params,
    );
  }
}

export interface PendingCase extends PlannedCase {
  id: string;
}

export function* pendingCases(runId: string): Step<PendingCase[]> {
  const rows = yield* all<Record<string, unknown>>(
    "SELECT id, ordinal, model_ref, kind, input_set_key, challenge_key, case_key FROM pack_run_cases WHERE run_id = $1 AND status = 'pending' ORDER BY ordinal",
    runId,
  );
  return rows.map((r) => ({
    id: String(r.id),
    ordinal: asNum(r.ordinal),
    modelRef: String(r.model_ref),
    kind: r.kind === "security" ? "security" : "case",
    inputSetKey: String(r.input_set_key),
    challengeKey: String(r.challenge_key),
    caseKey: String(r.case_key),
  }));
}

export interface FinishedCase {
  id: string;
  outcome: CaseOutcome;
}

/** Records finished cases (only those still pending) and moves the run's counters; returns the run's status. */
export function* recordCases(runId: string, finished: FinishedCase[]): Step<string | undefined> {
  const now = new Date();
  let done = 0;
  let passed = 0;
  let errors = 0;
  let tokens = 0;
  let cost = 0;
  let judgeTokens = 0;
  let judgeCost = 0;
  for (const f of finished) {
    const o = f.outcome;
    const changed = yield* exec(
      `UPDATE pack_run_cases SET status = $2, output = $3, result = $4::jsonb, overall = $5, latency_ms = $6, tokens = $7, cost_usd = $8, error = $9, finished_at = $10
       WHERE id = $1 AND status = 'pending'`,
      f.id,
      o.status,
      o.output,
      json(o.result),
      o.overall,
      o.latencyMs === null ? null : Math.round(o.latencyMs),
      o.tokens,
      o.costUsd,
      o.error,
      now,
    );
    if (changed === 0) continue;
    done++;
    if (o.status === "passed") passed++;
    if (o.status === "error") errors++;
    tokens += o.tokens;
    cost += o.costUsd;
    judgeTokens += o.judgeTokens;
    judgeCost += o.judgeCostUsd;
  }
  if (done > 0) {
    yield* exec(
      `UPDATE pack_runs SET done_cases = done_cases + $2, passed_cases = passed_cases + $3, error_cases = error_cases + $4,
         tokens = tokens + $5, cost_usd = cost_usd + $6, judge_tokens = judge_tokens + $7, judge_cost_usd = judge_cost_usd + $8, updated_at = $9
       WHERE id = $1`,
      runId,
      done,
      passed,
      errors,
      tokens,
      cost,
      judgeTokens,
      judgeCost,
      now,
    );
  }
  const row = yield* one<{ status: string }>("SELECT status FROM pack_runs WHERE id = $1", runId);
  return row?.status;
}

/** Marks the run running (from queued) and returns it. */
export function* markRunning(runId: string): Step<RunRow | undefined> {
  const now = new Date();
  yield* exec(
    "UPDATE pack_runs SET status = 'running', started_at = COALESCE(started_at, $2), updated_at = $2 WHERE id = $1 AND status = 'queued'",
    runId,
    now,
  );
  return yield* readRun(runId);
}

/** Whether any case of the run is still pending. */
export function* hasPendingCases(runId: string): Step<boolean> {
  const row = yield* one<{ id: string }>(
    "SELECT id FROM pack_run_cases WHERE run_id = $1 AND status = 'pending' LIMIT 1",
    runId,
  );
  return row !== undefined;
}

export interface SummaryRow {
  modelRef: string;
  kind: string;
  inputSetKey: string;
  caseKey: string;
  status: string;
  latencyMs: number | null;
  tokens: number | null;
  costUsd: number | null;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** Every case of a run with what the summary needs. */
export function* summaryRows(runId: string): Step<SummaryRow[]> {
  const rows = yield* all<Record<string, unknown>>(
    "SELECT model_ref, kind, input_set_key, case_key, status, latency_ms, tokens, cost_usd, result, error FROM pack_run_cases WHERE run_id = $1 ORDER BY ordinal",
    runId,
  );
  return rows.map((r) => ({
    modelRef: String(r.model_ref),
    kind: String(r.kind),
    inputSetKey: String(r.input_set_key),
    caseKey: String(r.case_key),
    status: String(r.status),
    latencyMs: asNumOrNull(r.latency_ms),
    tokens: asNumOrNull(r.tokens),
    costUsd: asNumOrNull(r.cost_usd),
    result: (asJson(r.result) as Record<string, unknown> | null) ?? null,
    error: (r.error as string | null) ?? null,
  }));
}

/** Ends a run: pending cases become cancelled (when cancelling), the summary is stored. */
export function* finishRun(
  runId: string,
  status: "completed" | "cancelled" | "failed",
  summary: unknown,
  error: string | null = null,
): Step<void> {
  const now = new Date();
  yield* exec(
    "UPDATE pack_run_cases SET status = 'cancelled', finished_at = $2 WHERE run_id = $1 AND status = 'pending'",
    runId,
    now,
  );
  yield* exec(
    `UPDATE pack_runs SET status = $2, summary = $3::jsonb, error = COALESCE($4, error), finished_at = COALESCE(finished_at, $5), updated_at = $5
     WHERE id = $1 AND (status IN ('queued', 'running') OR status = $2)`,
    runId,
    status,
    json(summary),
    error,
    now,
  );
}

/** Asks a run to stop: the worker sees it at its next record and stops taking cases. */
export function* requestCancel(runId: string, workspaceId: string): Step<boolean> {
  const now = new Date();
  const changed = yield* exec(
    "UPDATE pack_runs SET status = 'cancelled', finished_at = $3, updated_at = $3 WHERE id = $1 AND tenant_id = $2 AND status IN ('queued', 'running')",
    runId,
    workspaceId,
    now,
  );
  if (changed > 0) {
    yield* exec(
      "UPDATE pack_run_cases SET status = 'cancelled', finished_at = $2 WHERE run_id = $1 AND status = 'pending'",
      runId,
      now,
    );
  }
  return changed > 0;
}
