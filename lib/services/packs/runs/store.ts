import "server-only";
import { db, type Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import type { CaseOutcome } from "@/lib/packs/run/execute";
import { NEEDS_SANDBOX_PREFIX, type PlannedCase } from "@/lib/packs/run/plan";
import type { SummaryCaseColumns } from "@/lib/packs/run/summary";

// The storage of pack runs. A case leaves `pending` once: recordCases updates `WHERE status =
// 'pending'` and moves the run's counters by what changed, in the same transaction, so a case
// finished twice (a worker that died after the model call, a second worker) is stored and
// counted once.

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

/** The columns of a RunRow, for a `select` on pack_runs. */
export const RUN_SELECT = {
  id: true,
  workspaceId: true,
  versionId: true,
  inputSetKey: true,
  models: true,
  options: true,
  status: true,
  totalCases: true,
  doneCases: true,
  passedCases: true,
  errorCases: true,
  sandboxCases: true,
  tokens: true,
  costUsd: true,
  judgeTokens: true,
  judgeCostUsd: true,
  summary: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} satisfies Prisma.PackRunSelect;

type SelectedRun = Prisma.PackRunGetPayload<{ select: typeof RUN_SELECT }>;

export const runOf = (r: SelectedRun): RunRow => ({
  ...r,
  models: r.models as string[],
  options: r.options as unknown as RunRow["options"],
});

const ACTIVE = ["queued", "running"];
const jsonValue = (v: unknown) => (v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue));

export async function readRun(runId: string, workspaceId?: string): Promise<RunRow | undefined> {
  const row = await db.packRun.findFirst({
    where: { id: runId, ...(workspaceId ? { workspaceId } : {}) },
    select: RUN_SELECT,
  });
  return row ? runOf(row) : undefined;
}

/** The run's status alone (undefined when it is gone). */
export async function runStatus(runId: string): Promise<string | undefined> {
  const row = await db.packRun.findUnique({ where: { id: runId }, select: { status: true } });
  return row?.status;
}

const CASE_CHUNK = 1_000;

/** Inserts a run (its cases come after, by insertRunCases). */
export async function insertRun(
  tx: Tx,
  run: {
    id: string;
    workspaceId: string;
    versionId: string;
    inputSetKey: string | null;
    models: string[];
    options: RunRow["options"];
    createdById: string | null;
    cases: PlannedCase[];
  },
  now: Date,
): Promise<void> {
  await tx.packRun.create({
    data: {
      id: run.id,
      workspaceId: run.workspaceId,
      versionId: run.versionId,
      inputSetKey: run.inputSetKey,
      models: run.models,
      options: run.options,
      status: "queued",
      totalCases: run.cases.length,
      sandboxCases: run.cases.filter((c) => c.needsSandbox).length,
      createdById: run.createdById,
      createdAt: now,
      updatedAt: now,
    },
    select: { id: true },
  });
}

/** Inserts a run's planned cases (cases that need a sandbox are finished at once). */
export async function insertRunCases(tx: Tx, runId: string, cases: PlannedCase[], now: Date): Promise<void> {
  for (let start = 0; start < cases.length; start += CASE_CHUNK) {
    await tx.packRunCase.createMany({
      data: cases.slice(start, start + CASE_CHUNK).map((c) => ({
        runId,
        ordinal: c.ordinal,
        modelRef: c.modelRef,
        kind: c.kind,
        inputSetKey: c.inputSetKey,
        challengeKey: c.challengeKey,
        caseKey: c.caseKey,
        status: c.needsSandbox ? "needs_sandbox" : "pending",
        error: c.needsSandbox ? `${NEEDS_SANDBOX_PREFIX}${c.needsSandbox}` : null,
        finishedAt: c.needsSandbox ? now : null,
      })),
    });
  }
}

/** How many runs of the workspace are queued or running. */
export const activeRunCount = (tx: Tx, workspaceId: string): Promise<number> =>
  tx.packRun.count({ where: { workspaceId, status: { in: ACTIVE } } });

/** Where a case stands in its run: its order and what it plays. */
export const CASE_KEY_SELECT = {
  ordinal: true,
  modelRef: true,
  kind: true,
  inputSetKey: true,
  challengeKey: true,
  caseKey: true,
} satisfies Prisma.PackRunCaseSelect;

export interface PendingCase extends PlannedCase {
  id: string;
}

export async function pendingCases(runId: string): Promise<PendingCase[]> {
  const rows = await db.packRunCase.findMany({
    where: { runId, status: "pending" },
    orderBy: { ordinal: "asc" },
    select: { id: true, ...CASE_KEY_SELECT },
  });
  return rows.map((r) => ({ ...r, kind: r.kind === "security" ? "security" : "case" }));
}

export interface FinishedCase {
  id: string;
  outcome: CaseOutcome;
}

// A group of finished cases is one statement each: a large group on a slow database takes longer
// than Prisma's default 5 s.
const RECORD_TRANSACTION = { timeout: 30_000, maxWait: 10_000 };

/** Records finished cases (only those still pending) and moves the run's counters; returns the run's status. */
export function recordCases(runId: string, finished: FinishedCase[]): Promise<string | undefined> {
  return db.$transaction(async (tx) => {
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
      const { count } = await tx.packRunCase.updateMany({
        where: { id: f.id, status: "pending" },
        data: {
          status: o.status,
          output: o.output,
          result: jsonValue(o.result),
          overall: o.overall,
          latencyMs: o.latencyMs === null ? null : Math.round(o.latencyMs),
          tokens: o.tokens,
          costUsd: o.costUsd,
          error: o.error,
          finishedAt: now,
        },
      });
      if (count === 0) continue;
      done++;
      if (o.status === "passed") passed++;
      if (o.status === "error") errors++;
      tokens += o.tokens;
      cost += o.costUsd;
      judgeTokens += o.judgeTokens;
      judgeCost += o.judgeCostUsd;
    }
    if (done > 0) {
      await tx.packRun.updateMany({
        where: { id: runId },
        data: {
          doneCases: { increment: done },
          passedCases: { increment: passed },
          errorCases: { increment: errors },
          tokens: { increment: tokens },
          costUsd: { increment: cost },
          judgeTokens: { increment: judgeTokens },
          judgeCostUsd: { increment: judgeCost },
          updatedAt: now,
        },
      });
    }
    const run = await tx.packRun.findUnique({ where: { id: runId }, select: { status: true } });
    return run?.status;
  }, RECORD_TRANSACTION);
}

/** Marks the run running (from queued) and returns it. */
export async function markRunning(runId: string): Promise<RunRow | undefined> {
  const now = new Date();
  // A queued run has never started: only this moves it on, setting startedAt once.
  await db.packRun.updateMany({
    where: { id: runId, status: "queued" },
    data: { status: "running", startedAt: now, updatedAt: now },
  });
  return readRun(runId);
}

/** Whether any case of the run is still pending. */
export async function hasPendingCases(runId: string): Promise<boolean> {
  const row = await db.packRunCase.findFirst({ where: { runId, status: "pending" }, select: { id: true } });
  return row !== null;
}

export interface SummaryRow extends SummaryCaseColumns {
  result: Record<string, unknown> | null;
  error: string | null;
}

/** Every case of a run with what the summary needs. */
export async function summaryRows(runId: string): Promise<SummaryRow[]> {
  const rows = await db.packRunCase.findMany({
    where: { runId },
    orderBy: { ordinal: "asc" },
    select: {
      modelRef: true,
      kind: true,
      inputSetKey: true,
      caseKey: true,
      status: true,
      latencyMs: true,
      tokens: true,
      costUsd: true,
      result: true,
      error: true,
    },
  });
  return rows.map((r) => ({ ...r, result: (r.result as Record<string, unknown> | null) ?? null }));
}

const cancelPending = (tx: Tx, runId: string, now: Date) =>
  tx.packRunCase.updateMany({
    where: { runId, status: "pending" },
    data: { status: "cancelled", finishedAt: now },
  });

/** Ends a run: pending cases become cancelled (when cancelling), the summary is stored. */
export function finishRun(
  runId: string,
  status: "completed" | "cancelled" | "failed",
  summary: unknown,
  error: string | null = null,
): Promise<void> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    await cancelPending(tx, runId, now);
    const endable = { id: runId, OR: [{ status: { in: ACTIVE } }, { status }] };
    // The first end of a run sets finishedAt; a later one (a summary written again) keeps it.
    await tx.packRun.updateMany({ where: { ...endable, finishedAt: null }, data: { finishedAt: now } });
    await tx.packRun.updateMany({
      where: endable,
      data: { status, summary: jsonValue(summary), updatedAt: now, ...(error === null ? {} : { error }) },
    });
  });
}

/** Asks a run to stop: the worker sees it at its next record and stops taking cases. */
export function requestCancel(runId: string, workspaceId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.packRun.updateMany({
      where: { id: runId, workspaceId, status: { in: ACTIVE } },
      data: { status: "cancelled", finishedAt: now, updatedAt: now },
    });
    if (count > 0) await cancelPending(tx, runId, now);
    return count > 0;
  });
}
