import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { defineJob, enqueue, PermanentJobError, type JobContext } from "@/lib/jobs";
import { env } from "@/lib/env";
import { getRegexRunner } from "@/lib/evaluation/rules-runner";
import { log } from "@/lib/log";
import { emptyCaseResult, errorOutcome, executeCase, type CaseOutcome } from "@/lib/packs/run/execute";
import type { SearchRegex } from "@/lib/packs/validators";
import type { JudgeBudget } from "@/lib/packs/run/judges";
import { countReasons, NEEDS_SANDBOX_PREFIX, securitySandboxNotes, specOf } from "@/lib/packs/run/plan";
import { SecurityPolicy } from "@/lib/packs/run/security";
import { summarizeRun, type SummaryCase } from "@/lib/packs/run/summary";
import type { Bundle } from "@/lib/packs/types";
import { caseModelCaller, judgeCaller, providerKeyOf } from "@/lib/services/packs/runs/models";
import {
  finishRun,
  markRunning,
  hasPendingCases,
  pendingCases,
  readRun,
  recordCases,
  runStatus,
  summaryRows,
  type FinishedCase,
  type PendingCase,
  type RunRow,
} from "@/lib/services/packs/runs/store";

/**
 * A run's costly user-pattern searches (regex_match, the security scan): on the rules regex worker,
 * within RULES_REGEX_TIMEOUT_MS each, the run's workspace taking turns with the others.
 */
export function packRunRegexSearch(workspaceId: string, signal?: AbortSignal): SearchRegex {
  return (pattern, flags, text) => getRegexRunner().search(workspaceId, pattern, flags, text, signal);
}

// The `packs.run` job: works through a run's pending cases with at most `concurrency` cases in
// flight per provider (one queue and `concurrency` lanes per provider), recording each as it finishes (group-committed). A job runs one slice of
// at most PACK_RUN_SLICE_SECONDS, then enqueues the next slice, so no try outlives its lease and a run of any
// length resumes where it stopped: after a crash the job is tried again and finds the cases
// still pending. Cancelling (pack_runs.status = 'cancelled') is seen at the next record.

export const PACK_RUN_QUEUE = "packs.run";
/** How long one job works on a run, and how long a try may take before it is aborted. */
const sliceMs = () => env.PACK_RUN_SLICE_SECONDS * 1000;
const graceMs = (slice: number) => Math.max(5_000, slice / 2);
const tryTimeoutMs = () => sliceMs() + graceMs(sliceMs()) + 5_000;

/** The outcome of a case whose run threw (a bug, not a model failure). */
function crashedOutcome(err: unknown): CaseOutcome {
  const error = `the case could not be evaluated: ${err instanceof Error ? err.message : String(err)}`.slice(
    0,
    500,
  );
  return errorOutcome(error, emptyCaseResult());
}
const CANCEL_POLL_MS = 1_000;

export async function loadBundle(versionId: string): Promise<Bundle> {
  const row = await db.challengePackVersion.findUnique({ where: { id: versionId }, select: { manifest: true } });
  if (!row) throw new PermanentJobError("the pack version is gone");
  return row.manifest as unknown as Bundle;
}

/**
 * Group commit of finished cases: one transaction at a time, holding whatever finished
 * meanwhile. A failed write is kept and thrown by flush(): the job fails and is tried again,
 * and the cases of that write are still pending then.
 */
class Recorder {
  private buffer: FinishedCase[] = [];
  private writing: Promise<void> | null = null;
  private failure: Error | null = null;
  status: string | undefined = "running";
  constructor(private readonly runId: string) {}

  get failed(): boolean {
    return this.failure !== null;
  }

  add(finished: FinishedCase): void {
    this.buffer.push(finished);
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.buffer.length > 0 && this.failure === null) {
        const batch = this.buffer;
        this.buffer = [];
        this.status = await recordCases(this.runId, batch);
      }
    } catch (err) {
      this.failure = err instanceof Error ? err : new Error("recording finished cases failed");
    } finally {
      this.writing = null;
    }
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.buffer.length > 0 && this.failure === null) await (this.writing = this.drain());
    if (this.failure !== null) throw this.failure;
  }
}

/** The summary of a run from its stored cases. */
export async function computeSummary(run: RunRow, bundle: Bundle) {
  const rows = await summaryRows(run.id);
  const cases: SummaryCase[] = rows.map((r) => ({
    modelRef: r.modelRef,
    kind: r.kind,
    inputSetKey: r.inputSetKey,
    caseKey: r.caseKey,
    status: r.status,
    latencyMs: r.latencyMs,
    tokens: r.tokens,
    costUsd: r.costUsd,
    score: (r.result?.score as SummaryCase["score"]) ?? null,
    judges: (r.result?.judges as SummaryCase["judges"]) ?? [],
    security: (r.result?.security as SummaryCase["security"]) ?? null,
  }));
  const fresh = await readRun(run.id);
  const leftOut = countReasons(
    rows
      .filter((r) => r.status === "needs_sandbox")
      .map((r) => {
        const error = r.error ?? "";
        return error.startsWith(NEEDS_SANDBOX_PREFIX) ? error.slice(NEEDS_SANDBOX_PREFIX.length) : error;
      }),
  );
  return {
    ...summarizeRun(run.models, cases),
    sandbox_notes: securitySandboxNotes(bundle),
    left_out: { cases: leftOut.reduce((sum, r) => sum + r.cases, 0), reasons: leftOut },
    judge_tokens: fresh?.judgeTokens ?? run.judgeTokens,
    judge_cost_usd: fresh?.judgeCostUsd ?? run.judgeCostUsd,
  };
}

/** Runs one slice of a run. Exported for tests and the bench (the job calls it). */
export async function runPackRunSlice(
  runId: string,
  signal: AbortSignal,
  sliceLength = sliceMs(),
): Promise<"done" | "more"> {
  const run = await markRunning(runId);
  if (!run) throw new PermanentJobError("the run is gone");
  if (run.status !== "running" && run.status !== "cancelled") return "done";
  const bundle = await loadBundle(run.versionId);
  if (run.status === "cancelled") {
    if (run.summary === null) {
      const summary = await computeSummary(run, bundle);
      await finishRun(runId, "cancelled", summary);
    }
    return "done";
  }
  const spec = specOf(bundle);
  const security = new SecurityPolicy(bundle);
  const pending = await pendingCases(runId);
  const stop = new AbortController();
  const stopSignal = AbortSignal.any([signal, stop.signal]);
  const callModel = caseModelCaller(run.workspaceId, stopSignal);
  const callJudge = judgeCaller(run.workspaceId, spec, run.options.judgeModels ?? {}, stopSignal);
  const budget: JudgeBudget = { usd: run.judgeCostUsd, tokens: run.judgeTokens };
  const recorder = new Recorder(runId);
  // One queue per provider, worked by `concurrency` lanes each: a slow provider never holds back
  // the cases of another.
  const queues = new Map<string, PendingCase[]>();
  for (const c of pending) {
    const key = providerKeyOf(c.modelRef);
    const queue = queues.get(key) ?? [];
    queue.push(c);
    queues.set(key, queue);
  }
  const deadline = Date.now() + sliceLength;
  // Cases still in flight a grace after the deadline are cut short (left pending for the next
  // slice), so a try always ends inside its timeout, however slow a provider is.
  const cutShort = setTimeout(() => stop.abort(), sliceLength + graceMs(sliceLength));
  const poll = setInterval(() => {
    void runStatus(runId).then(
      (status) => {
        if (status !== "running") stop.abort();
      },
      () => undefined,
    );
  }, CANCEL_POLL_MS);

  const runOne = async (c: PendingCase) => {
    const outcome: CaseOutcome = await executeCase({
      bundle,
      spec,
      planned: c,
      callModel,
      callJudge,
      judgeBudget: budget,
      security,
      searchRegex: packRunRegexSearch(run.workspaceId, stopSignal),
    });
    // A case cut short by the stop is left pending for the next slice, not recorded as an error.
    if (stopSignal.aborted && outcome.status === "error") return;
    recorder.add({ id: c.id, outcome });
    if (recorder.status !== "running" || recorder.failed) stop.abort();
  };
  const lane = async (queue: PendingCase[]) => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      if (stopSignal.aborted || Date.now() > deadline) return;
      try {
        await runOne(c);
      } catch (err) {
        if (stopSignal.aborted) return;
        // Not a model failure (executeCase turns those into outcomes): record the case as an error,
        // so it is not retried by every later slice and the run can finish.
        log.warn("pack run case failed", { runId, ordinal: c.ordinal, error: String(err) });
        recorder.add({ id: c.id, outcome: crashedOutcome(err) });
      }
    }
  };
  const width = Math.max(1, run.options.concurrency);
  try {
    await Promise.all(
      [...queues.values()].flatMap((queue) =>
        Array.from({ length: Math.min(width, queue.length) }, () => lane(queue)),
      ),
    );
    await recorder.flush();
  } finally {
    clearInterval(poll);
    clearTimeout(cutShort);
  }
  if (signal.aborted) throw new Error("the worker stopped; the run resumes on the next try");
  const now = await readRun(runId);
  if (now?.status === "cancelled") {
    const summary = await computeSummary(run, bundle);
    await finishRun(runId, "cancelled", summary);
    return "done";
  }
  if (await hasPendingCases(runId)) return "more";
  const summary = await computeSummary(run, bundle);
  await finishRun(runId, "completed", summary);
  return "done";
}

const payload = z.object({ runId: z.string().min(1).max(100), slice: z.number().int().min(0).default(0) });

export const packRunJob = defineJob({
  queue: PACK_RUN_QUEUE,
  payload,
  get timeoutMs() {
    return tryTimeoutMs();
  },
  maxAttempts: 5,
  backoff: { baseMs: 2_000, maxMs: 60_000 },
  async run({ runId, slice }, ctx: JobContext) {
    const result = await runPackRunSlice(runId, ctx.signal);
    if (result === "more") {
      const next = slice + 1;
      const run = await readRun(runId);
      if (!run) return;
      await enqueue(
        PACK_RUN_QUEUE,
        { runId, slice: next },
        { singletonKey: `pack-run:${runId}:${next}`, workspaceId: run.workspaceId },
      );
    }
  },
  async onDead({ runId }, error) {
    await finishRun(runId, "failed", null, `the run stopped: ${error}`);
  },
});
