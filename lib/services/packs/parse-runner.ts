import "server-only";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { FairQueue } from "@/lib/evaluation/fair-queue";
import type { ParseResult } from "@/lib/packs/parse";

// A pack's YAML is decoded on a worker thread (lib/packs/parse-worker.mjs), never on the request
// thread: even linear, the `yaml` library builds a document of 20,000 nodes in a few hundred ms.
// One worker, workspaces taking turns, a time budget per decode (PACKS_PARSE_TIMEOUT_MS): past it
// the worker is terminated and the bundle is refused; the next decode starts a fresh worker.

const MAX_QUEUED_PER_TENANT = 4;

export type DecodeOutcome =
  | { ok: true; result: ParseResult }
  | { ok: false; reason: "timeout" | "busy" | "crashed" };

interface Job {
  id: number;
  tenant: string;
  text: string;
  resolve: (r: DecodeOutcome) => void;
  settled: boolean;
  queueTimer?: NodeJS.Timeout;
  runTimer?: NodeJS.Timeout;
}

export class PackParseRunner {
  private worker: Worker | null = null;
  private ready = false;
  private current: Job | null = null;
  private readonly queue = new FairQueue<Job>();
  private nextId = 1;
  /** Workers started (replacements included); tests read it. */
  spawned = 0;

  constructor(
    private readonly options: {
      /** Budget of one decode once it runs (default PACKS_PARSE_TIMEOUT_MS). */
      timeoutMs?: number;
      /** Longest wait in the queue (default 3 × the budget). */
      queueDeadlineMs?: number;
    } = {},
  ) {}

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? env.PACKS_PARSE_TIMEOUT_MS;
  }

  decode(tenant: string, text: string): Promise<DecodeOutcome> {
    if (this.queue.sizeOf(tenant) >= MAX_QUEUED_PER_TENANT) return Promise.resolve({ ok: false, reason: "busy" });
    return new Promise<DecodeOutcome>((resolve) => {
      const job: Job = { id: this.nextId++, tenant, text, resolve, settled: false };
      job.queueTimer = setTimeout(() => {
        if (this.queue.remove(tenant, job)) this.finish(job, { ok: false, reason: "busy" });
      }, this.options.queueDeadlineMs ?? this.timeoutMs * 3);
      this.queue.push(tenant, job);
      this.pump();
    });
  }

  /** Stops the worker; queued and running decodes end as crashed. */
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
    this.worker.postMessage({ id: job.id, text: job.text });
  }

  private spawn(): void {
    const worker = new Worker(new URL("../../packs/parse-worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref();
    this.spawned++;
    this.worker = worker;
    this.ready = false;
    worker.on("message", (message: { ready?: boolean; id?: number; result?: ParseResult }) => {
      if (this.worker !== worker) return;
      if (message.ready) {
        this.ready = true;
        this.pump();
        return;
      }
      const job = this.current;
      if (!job || job.id !== message.id) return;
      this.current = null;
      this.finish(job, message.result ? { ok: true, result: message.result } : { ok: false, reason: "crashed" });
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

  /** Terminates the worker; the running decode (if any) gets `result`; the next one respawns it. */
  private restart(result: DecodeOutcome): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    const job = this.current;
    this.current = null;
    if (job) this.finish(job, result);
    if (worker) void worker.terminate();
    this.pump();
  }

  private finish(job: Job, result: DecodeOutcome): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.queueTimer);
    clearTimeout(job.runTimer);
    job.resolve(result);
  }
}

const globalForRunner = globalThis as unknown as { __gauntletPackParseRunner?: PackParseRunner };

/** The process-wide runner (kept on globalThis so dev reloads do not leak workers). */
export function getPackParseRunner(): PackParseRunner {
  globalForRunner.__gauntletPackParseRunner ??= new PackParseRunner();
  return globalForRunner.__gauntletPackParseRunner;
}
