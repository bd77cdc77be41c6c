import "server-only";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { FairQueue } from "@/lib/evaluation/fair-queue";
import { clipForEvaluation } from "@/lib/evaluation/limits";
import { CreatorRegexError, compileCreatorRegex, INLINE_REGEX_COST } from "@/lib/evaluation/regex";
import {
  planRules,
  rulesRegexError,
  rulesVerdict,
  type EvaluateRulesInput,
} from "@/lib/evaluation/rules";
import type { EvaluationResult } from "@/lib/evaluation/types";

// Rules evaluation on the server with bounded cost (issue 10 §3). RE2 is linear in the text, but
// its constant is the pattern's program size: `a[ab]{999}[ab]{999}[ab]{999}[ab]{999}$` (4,000
// steps) on 200,000 characters blocked the event loop for 4.7 s. So:
// 1. the text is capped (EVALUATION_MAX_INPUT_CHARS);
// 2. a search whose worst case (program size × text length) fits INLINE_REGEX_COST runs inline
//    (a few ms at most; nearly every real pattern);
// 3. a costlier one runs on a separate worker thread with a time budget
//    (RULES_REGEX_TIMEOUT_MS): past it the worker is terminated and the attempt ends as a grader
//    error (not counted against the player). Workspaces take turns on that worker, so one
//    creator's catastrophic patterns delay another's by at most one budget.

export { INLINE_REGEX_COST };
const MAX_QUEUED_PER_TENANT = 16;

export const RULES_TIMEOUT_FEEDBACK =
  "The success check took too long on this response, so it was not evaluated. This attempt was not counted; please try again.";

export type RegexSearch =
  | { ok: true; matched: boolean }
  | { ok: false; reason: "timeout" | "busy" | "crashed" | "cancelled" };

interface Job {
  id: number;
  tenant: string;
  pattern: string;
  flags: string;
  text: string;
  resolve: (r: RegexSearch) => void;
  settled: boolean;
  queueTimer?: NodeJS.Timeout;
  runTimer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface RegexRunnerOptions {
  /** Budget of one search once it runs (default RULES_REGEX_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Longest wait in the queue (default 3 × the budget). */
  queueDeadlineMs?: number;
}

/** One worker thread for costly searches, with a per-search time budget and fair turns. */
export class RegexRunner {
  private worker: Worker | null = null;
  private ready = false;
  private current: Job | null = null;
  private readonly queue = new FairQueue<Job>();
  private nextId = 1;
  /** Workers started (replacements included); tests read it. */
  spawned = 0;

  constructor(private readonly options: RegexRunnerOptions = {}) {}

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? env.RULES_REGEX_TIMEOUT_MS;
  }

  search(tenant: string, pattern: string, flags: string, text: string, signal?: AbortSignal): Promise<RegexSearch> {
    if (signal?.aborted) return Promise.resolve({ ok: false, reason: "cancelled" });
    if (this.queue.sizeOf(tenant) >= MAX_QUEUED_PER_TENANT) return Promise.resolve({ ok: false, reason: "busy" });
    return new Promise<RegexSearch>((resolve) => {
      const job: Job = { id: this.nextId++, tenant, pattern, flags, text, resolve, settled: false };
      job.queueTimer = setTimeout(() => {
        if (this.queue.remove(tenant, job)) this.finish(job, { ok: false, reason: "busy" });
      }, this.options.queueDeadlineMs ?? this.timeoutMs * 3);
      if (signal) {
        job.signal = signal;
        job.onAbort = () => {
          if (this.queue.remove(tenant, job)) this.finish(job, { ok: false, reason: "cancelled" });
          else if (this.current === job) this.restart({ ok: false, reason: "cancelled" });
        };
        signal.addEventListener("abort", job.onAbort, { once: true });
      }
      this.queue.push(tenant, job);
      this.pump();
    });
  }

  /** Stops the worker; queued and running searches end as crashed. */
  async close(): Promise<void> {
    for (const job of this.queue.drain()) this.finish(job, { ok: false, reason: "crashed" });
    const worker = this.worker;
    this.restart({ ok: false, reason: "crashed" });
    await worker?.terminate();
  }

  private pump(): void {
    if (this.current || this.queue.size === 0) return;
    if (!this.worker) {
      this.spawn();
      return;
    }
    if (!this.ready) return;
    const job = this.queue.shift()!;
    clearTimeout(job.queueTimer);
    this.current = job;
    job.runTimer = setTimeout(() => this.restart({ ok: false, reason: "timeout" }), this.timeoutMs);
    this.worker.postMessage({ id: job.id, pattern: job.pattern, flags: job.flags, text: job.text });
  }

  private spawn(): void {
    const worker = new Worker(new URL("./regex-worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    this.spawned++;
    this.worker = worker;
    this.ready = false;
    worker.on("message", (message: { ready?: boolean; id?: number; matched?: boolean; error?: string }) => {
      if (this.worker !== worker) return;
      if (message.ready) {
        this.ready = true;
        this.pump();
        return;
      }
      const job = this.current;
      if (!job || job.id !== message.id) return;
      this.current = null;
      this.finish(job, typeof message.matched === "boolean" ? { ok: true, matched: message.matched } : { ok: false, reason: "crashed" });
      this.pump();
    });
    const fail = () => {
      if (this.worker !== worker) return;
      const wasReady = this.ready;
      this.restart({ ok: false, reason: "crashed" });
      // A worker that cannot start would be respawned for ever: fail what waits instead.
      if (!wasReady) for (const job of this.queue.drain()) this.finish(job, { ok: false, reason: "crashed" });
    };
    worker.on("error", fail);
    worker.on("exit", fail);
  }

  /** Terminates the worker; the running search (if any) gets `result`; the next one respawns it. */
  private restart(result: RegexSearch): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    const job = this.current;
    this.current = null;
    if (job) this.finish(job, result);
    if (worker) void worker.terminate();
    this.pump();
  }

  private finish(job: Job, result: RegexSearch): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.queueTimer);
    clearTimeout(job.runTimer);
    if (job.signal && job.onAbort) job.signal.removeEventListener("abort", job.onAbort);
    job.resolve(result);
  }
}

const globalForRunner = globalThis as unknown as { __gauntletRegexRunner?: RegexRunner };

/** The process-wide runner (kept on globalThis so dev reloads do not leak workers). */
export function getRegexRunner(): RegexRunner {
  globalForRunner.__gauntletRegexRunner ??= new RegexRunner();
  return globalForRunner.__gauntletRegexRunner;
}

export interface EvaluateRulesBoundedInput extends EvaluateRulesInput {
  /** Whose search this is: workspaces take turns on the worker. */
  workspaceId: string;
  signal?: AbortSignal;
  /** Tests pass their own runner. */
  runner?: RegexRunner;
}

/** evaluateRules with the text capped and the regex search's cost bounded (see above). */
export async function evaluateRulesBounded(input: EvaluateRulesBoundedInput): Promise<EvaluationResult> {
  const text = clipForEvaluation(input.text);
  const plan = planRules({ ...input, text });
  if (plan.kind === "result") return plan.result;
  let regex: ReturnType<typeof compileCreatorRegex>;
  try {
    regex = compileCreatorRegex(plan.pattern, plan.flags);
  } catch (err) {
    if (err instanceof CreatorRegexError) return rulesRegexError(err, plan.usesSecret);
    throw err;
  }
  if (regex.programSize() * text.length <= INLINE_REGEX_COST) return rulesVerdict(regex.test(text));
  const runner = input.runner ?? getRegexRunner();
  const found = await runner.search(input.workspaceId, plan.pattern, plan.flags ?? "", text, input.signal);
  if (found.ok) return rulesVerdict(found.matched);
  if (found.reason === "cancelled" && input.signal?.aborted) throw input.signal.reason as Error;
  return {
    outcome: "error",
    rating: null,
    feedback: RULES_TIMEOUT_FEEDBACK,
    evaluator: "rules",
    raw: { configError: `the regex search did not finish (${found.reason}); program size ${regex.programSize()}, ${text.length} characters` },
  };
}
