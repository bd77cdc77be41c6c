import "server-only";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { env } from "@/lib/env";
import { FairQueue } from "@/lib/evaluation/fair-queue";
import { MAX_JSON_DEPTH, jsonValueDepth } from "@/lib/http/json-limits";
import type { SandboxJob, SandboxResult, SandboxRunOptions } from "./types";

// Worker threads for plugin jobs, with a hard deadline per job and turns between workspaces
// (lib/evaluation/README.md, 'Plugin sandbox').

/** The product's default job deadline (SANDBOX_TIMEOUT_MS); the effective one is effectiveTimeoutMs(). */
export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MEMORY_MB = 64;
export const DEFAULT_POOL_SIZE = 2;
const LIMITS = { timeoutMs: [10, 60_000], memoryMb: [8, 512] } as const;

export interface SandboxPoolOptions {
  /** Number of workers; default 2. */
  size?: number;
  /** Worker script; default ./worker.mjs. Tests substitute misbehaving workers. */
  workerUrl?: URL;
  /** How long past a job's own timeout the main thread waits before terminating its worker. */
  graceMs?: number;
  /** How long a new worker may take to load QuickJS before it counts as crashed. */
  startupTimeoutMs?: number;
  /** Jobs waiting beyond this are refused at once instead of queueing without bound. */
  maxQueue?: number;
  /** Jobs one tenant (workspace) may run at once; default: every worker. */
  maxPerTenant?: number;
  /** Jobs one tenant may have waiting; default 32. */
  maxQueuePerTenant?: number;
  /** Longest wait in the queue before a job is refused as busy; default one job's deadline. */
  queueDeadlineMs?: number;
}

export interface SandboxPoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Workers started since the pool was created (replacements included). */
  spawned: number;
}

interface WorkerJob {
  id: number;
  code: string;
  entrypoint: string;
  args: unknown[];
  timeoutMs: number;
  memoryMb: number;
  checkOnly: boolean;
}

interface Pending {
  job: WorkerJob;
  tenant: string;
  queueTimer?: NodeJS.Timeout;
  resolve: (result: SandboxResult) => void;
  settled: boolean;
  timer?: NodeJS.Timeout;
  slot?: Slot;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  current: Pending | null;
  startupTimer?: NodeJS.Timeout;
}

// The worker's own V8 heap only holds the QuickJS glue and one job's JSON; the plugin's memory
// is the WebAssembly Memory, bounded separately per job.
const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

const clamp = (value: number | undefined, fallback: number, [min, max]: readonly [number, number]) =>
  Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? (value as number) : fallback)));

/** The timeout a job will actually get (callers tell plugins this value); SANDBOX_TIMEOUT_MS when unset. */
export const effectiveTimeoutMs = (timeoutMs?: number) => clamp(timeoutMs, env.SANDBOX_TIMEOUT_MS, LIMITS.timeoutMs);

export class SandboxPool {
  private readonly size: number;
  private readonly workerUrl: URL | undefined;
  private readonly graceMs: number;
  private readonly startupTimeoutMs: number;
  private readonly maxQueue: number;
  private readonly maxPerTenant: number;
  private readonly maxQueuePerTenant: number;
  private readonly queueDeadlineMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Pending>();
  private readonly running = new Map<string, number>();
  private nextId = 1;
  private spawned = 0;
  private closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? DEFAULT_POOL_SIZE));
    this.workerUrl = options.workerUrl;
    this.graceMs = options.graceMs ?? 1500;
    this.startupTimeoutMs = options.startupTimeoutMs ?? 15_000;
    this.maxQueue = options.maxQueue ?? 256;
    this.maxPerTenant = Math.max(1, Math.floor(options.maxPerTenant ?? this.size));
    this.maxQueuePerTenant = Math.max(1, Math.floor(options.maxQueuePerTenant ?? 32));
    this.queueDeadlineMs = options.queueDeadlineMs ?? effectiveTimeoutMs() + this.graceMs;
  }

  /** Runs one job. Never rejects: every failure is a result with an error kind. */
  run(job: SandboxJob, options: SandboxRunOptions = {}): Promise<SandboxResult> {
    if (this.closed) return Promise.resolve({ ok: false, error: "crashed", detail: "The plugin sandbox is shut down" });
    // Arguments are one level below the caller's JSON (config, ctx): stored rows from before the
    // body depth limit must not overflow the stack in the clone below or in the worker.
    if (jsonValueDepth(job.args ?? [], MAX_JSON_DEPTH + 1) > MAX_JSON_DEPTH + 1) {
      return Promise.resolve({ ok: false, error: "runtime", detail: `The plugin arguments nest more than ${MAX_JSON_DEPTH} levels deep` });
    }
    let args: unknown[];
    try {
      // Cloned here so the worker receives plain JSON data, whatever the caller passed.
      args = JSON.parse(JSON.stringify(job.args ?? [])) as unknown[];
    } catch {
      return Promise.resolve({ ok: false, error: "runtime", detail: "The plugin arguments are not JSON-serialisable" });
    }
    const workerJob: WorkerJob = {
      id: this.nextId++,
      code: job.code,
      entrypoint: job.entrypoint,
      args,
      timeoutMs: effectiveTimeoutMs(job.timeoutMs),
      memoryMb: clamp(job.memoryMb, DEFAULT_MEMORY_MB, LIMITS.memoryMb),
      checkOnly: job.checkOnly === true,
    };
    if (options.signal?.aborted) return Promise.resolve(cancelled());
    const tenant = options.tenant ?? "";
    if (this.queue.size >= this.maxQueue || this.queue.sizeOf(tenant) >= this.maxQueuePerTenant) return Promise.resolve(busy());
    return new Promise<SandboxResult>((resolve) => {
      const pending: Pending = { job: workerJob, tenant, resolve, settled: false };
      pending.queueTimer = setTimeout(() => {
        if (this.queue.remove(tenant, pending)) this.finish(pending, busy());
      }, this.queueDeadlineMs);
      if (options.signal) {
        pending.signal = options.signal;
        pending.onAbort = () => this.abort(pending);
        options.signal.addEventListener("abort", pending.onAbort, { once: true });
      }
      this.queue.push(tenant, pending);
      this.pump();
    });
  }

  stats(): SandboxPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.current).length,
      queued: this.queue.size,
      spawned: this.spawned,
    };
  }

  /** Terminates every worker now; running jobs end as "crashed". The pool stays usable. */
  async terminateWorkers(): Promise<void> {
    const workers = this.slots.map((s) => s.worker);
    for (const slot of [...this.slots]) this.kill(slot, { ok: false, error: "crashed", detail: "The sandbox worker was terminated" });
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** Stops the pool: queued and running jobs end as "crashed", later runs are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.drain()) {
      this.finish(pending, { ok: false, error: "crashed", detail: "The plugin sandbox is shut down" });
    }
    await this.terminateWorkers();
  }

  private readonly mayRun = (tenant: string) => (this.running.get(tenant) ?? 0) < this.maxPerTenant;

  private pump(): void {
    while (this.queue.size > 0 && !this.closed) {
      const idle = this.slots.find((s) => s.ready && !s.current && !s.dead);
      if (idle) {
        const next = this.queue.shift(this.mayRun);
        if (!next) return; // every waiting tenant is at its limit
        this.dispatch(idle, next);
        continue;
      }
      const starting = this.slots.filter((s) => !s.ready && !s.dead).length;
      if (this.slots.length < this.size && starting < this.queue.size) {
        this.spawn();
        continue;
      }
      return;
    }
  }

  private spawn(): void {
    // The literal `new URL("./worker.mjs", import.meta.url)` inside `new Worker(...)` is the form
    // bundlers recognise and emit as a separate worker entry.
    const worker = this.workerUrl
      ? new Worker(this.workerUrl, { resourceLimits })
      : new Worker(new URL("./worker.mjs", import.meta.url), { resourceLimits });
    worker.unref();
    this.spawned++;
    const slot: Slot = { worker, ready: false, dead: false, current: null };
    this.slots.push(slot);
    slot.startupTimer = setTimeout(
      () => this.kill(slot, { ok: false, error: "crashed", detail: "The sandbox worker did not start" }),
      this.startupTimeoutMs,
    );
    worker.on("message", (message: unknown) => this.onMessage(slot, message));
    worker.on("error", (err: Error & { code?: string }) => {
      const result: SandboxResult =
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? { ok: false, error: "memory", detail: "The sandbox worker ran out of memory" }
          : { ok: false, error: "crashed", detail: `The sandbox worker failed: ${err.message.slice(0, 200)}` };
      this.kill(slot, result);
    });
    worker.on("exit", (code) => {
      this.kill(slot, { ok: false, error: "crashed", detail: `The sandbox worker exited (code ${code})` });
    });
  }

  private onMessage(slot: Slot, message: unknown): void {
    if (slot.dead || !message || typeof message !== "object") return;
    if ("ready" in message) {
      slot.ready = true;
      clearTimeout(slot.startupTimer);
      this.pump();
      return;
    }
    const { id, result } = message as { id?: unknown; result?: SandboxResult };
    const current = slot.current;
    if (!current || current.job.id !== id || !result) return;
    slot.current = null;
    this.finish(current, result);
    this.pump();
  }

  private dispatch(slot: Slot, pending: Pending): void {
    clearTimeout(pending.queueTimer);
    slot.current = pending;
    pending.slot = slot;
    this.running.set(pending.tenant, (this.running.get(pending.tenant) ?? 0) + 1);
    pending.timer = setTimeout(
      () => this.kill(slot, { ok: false, error: "timeout", detail: "Stopped at the hard deadline; the worker was replaced" }),
      pending.job.timeoutMs + this.graceMs,
    );
    slot.worker.postMessage(pending.job);
  }

  /** Retires a worker: its job (if any) gets `result`, the worker is terminated, work moves on. */
  private kill(slot: Slot, result: SandboxResult): void {
    if (slot.dead) return;
    slot.dead = true;
    clearTimeout(slot.startupTimer);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (slot.current) this.finish(slot.current, result);
    else if (!slot.ready) {
      // A worker that cannot even start would be respawned for ever; fail the waiting jobs.
      for (const pending of this.queue.drain()) this.finish(pending, result);
    }
    slot.current = null;
    void slot.worker.terminate();
    this.pump();
  }

  private abort(pending: Pending): void {
    if (pending.settled) return;
    if (this.queue.remove(pending.tenant, pending)) {
      this.finish(pending, cancelled());
    } else if (pending.slot) {
      this.kill(pending.slot, cancelled());
    }
  }

  private finish(pending: Pending, result: SandboxResult): void {
    if (pending.settled) return;
    pending.settled = true;
    clearTimeout(pending.timer);
    clearTimeout(pending.queueTimer);
    if (pending.slot) {
      const n = (this.running.get(pending.tenant) ?? 1) - 1;
      if (n > 0) this.running.set(pending.tenant, n);
      else this.running.delete(pending.tenant);
    }
    if (pending.signal && pending.onAbort) pending.signal.removeEventListener("abort", pending.onAbort);
    pending.resolve(result);
  }
}

function cancelled(): SandboxResult {
  return { ok: false, error: "timeout", detail: "Cancelled" };
}

function busy(): SandboxResult {
  return { ok: false, error: "timeout", detail: "The plugin sandbox is busy; try again shortly" };
}

const globalForPool = globalThis as unknown as { __gauntletSandboxPool?: SandboxPool };

/** The process-wide pool (kept on globalThis so dev reloads do not leak workers). */
export function getSandboxPool(): SandboxPool {
  // One worker stays free for the other workspaces (with 2 workers, 1 job per workspace at once).
  globalForPool.__gauntletSandboxPool ??= new SandboxPool({
    maxPerTenant: env.SANDBOX_WORKSPACE_CONCURRENCY ?? Math.max(1, DEFAULT_POOL_SIZE - 1),
    queueDeadlineMs: env.SANDBOX_QUEUE_DEADLINE_MS,
  });
  return globalForPool.__gauntletSandboxPool;
}

/** Runs a job on the process-wide pool. */
export function runInSandbox(job: SandboxJob, options?: SandboxRunOptions): Promise<SandboxResult> {
  return getSandboxPool().run(job, options);
}
