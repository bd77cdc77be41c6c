import "server-only";
import type { Worker } from "node:worker_threads";
import { FairQueue } from "@/lib/evaluation/fair-queue";

// One worker thread that workspaces take turns on, with a time budget per job: past it the worker
// is terminated and the job ends as "timeout"; the next job starts a fresh worker. So one
// workspace's costly jobs delay another's by at most one budget. The worker posts { ready: true }
// once loaded, then answers each job { id, ...payload } with { id, ... }.

export type WorkerFailure = { ok: false; reason: "timeout" | "busy" | "crashed" };
export type WorkerCancelled = { ok: false; reason: "cancelled" };
type Failed = WorkerFailure | WorkerCancelled;

export interface FairWorkerOptions {
  /** Budget of one job once it runs (default: the runner's setting in lib/env). */
  timeoutMs?: number;
  /** Longest wait in the queue (default 3 × the budget). */
  queueDeadlineMs?: number;
}

export interface FairWorkerConfig<Message, Ok> {
  /** Starts a worker; each runner writes its own `new Worker(new URL(…, import.meta.url))` so bundlers find the file. */
  spawn: () => Worker;
  defaultTimeoutMs: () => number;
  maxQueuedPerTenant: number;
  /** The job's outcome from the worker's answer; null when it carries none (the job crashed). */
  answer: (message: Message) => Ok | null;
}

interface Job<Payload, Ok> {
  id: number;
  tenant: string;
  payload: Payload;
  resolve: (r: Ok | Failed) => void;
  settled: boolean;
  queueTimer?: NodeJS.Timeout;
  runTimer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class FairWorker<Payload extends object, Message, Ok> {
  private worker: Worker | null = null;
  private ready = false;
  private current: Job<Payload, Ok> | null = null;
  private readonly queue = new FairQueue<Job<Payload, Ok>>();
  private nextId = 1;
  /** Workers started (replacements included); tests read it. */
  spawned = 0;

  constructor(
    private readonly config: FairWorkerConfig<Message, Ok>,
    private readonly options: FairWorkerOptions = {},
  ) {}

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? this.config.defaultTimeoutMs();
  }

  protected run(tenant: string, payload: Payload): Promise<Ok | WorkerFailure>;
  protected run(tenant: string, payload: Payload, signal: AbortSignal | undefined): Promise<Ok | Failed>;
  protected run(tenant: string, payload: Payload, signal?: AbortSignal): Promise<Ok | Failed> {
    if (signal?.aborted) return Promise.resolve({ ok: false, reason: "cancelled" });
    if (this.queue.sizeOf(tenant) >= this.config.maxQueuedPerTenant) return Promise.resolve({ ok: false, reason: "busy" });
    return new Promise<Ok | Failed>((resolve) => {
      const job: Job<Payload, Ok> = { id: this.nextId++, tenant, payload, resolve, settled: false };
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

  /** Stops the worker; queued and running jobs end as crashed. */
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
    this.worker.postMessage({ id: job.id, ...job.payload });
  }

  private spawn(): void {
    const worker = this.config.spawn();
    worker.unref();
    this.spawned++;
    this.worker = worker;
    this.ready = false;
    worker.on("message", (message: Message & { ready?: boolean; id?: number }) => {
      if (this.worker !== worker) return;
      if (message.ready) {
        this.ready = true;
        this.pump();
        return;
      }
      const job = this.current;
      if (!job || job.id !== message.id) return;
      this.current = null;
      this.finish(job, this.config.answer(message) ?? { ok: false, reason: "crashed" });
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

  /** Terminates the worker; the running job (if any) gets `result`; the next one respawns it. */
  private restart(result: Failed): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    const job = this.current;
    this.current = null;
    if (job) this.finish(job, result);
    if (worker) void worker.terminate();
    this.pump();
  }

  private finish(job: Job<Payload, Ok>, result: Ok | Failed): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.queueTimer);
    clearTimeout(job.runTimer);
    if (job.signal && job.onAbort) job.signal.removeEventListener("abort", job.onAbort);
    job.resolve(result);
  }
}
