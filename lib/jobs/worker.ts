import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { env } from "@/lib/env";
import type { AnyJobDefinition } from "@/lib/jobs/types";
import type { RunningWorker, WorkerOptions } from "@/lib/jobs/worker-options";

export type { RunningWorker, WorkerOptions } from "@/lib/jobs/worker-options";

// Runs the given job definitions until stop(): on SQLite the in-process worker over the jobs
// table (sqlite-worker.ts), on PostgreSQL pg-boss fed by the outbox relay (pg-worker.ts). Any
// number of workers may run against one database (in app instances and `npm run worker`
// processes): a job is claimed by one of them at a time. Handlers run AT LEAST ONCE (a worker
// can die after a side effect and before recording success): make them idempotent.

export async function startWorker(definitions: AnyJobDefinition[], opts: WorkerOptions = {}): Promise<RunningWorker> {
  const queues = new Set<string>();
  for (const def of definitions) {
    if (queues.has(def.queue)) throw new Error(`Two job definitions for the queue "${def.queue}"`);
    queues.add(def.queue);
  }
  const full: Required<WorkerOptions> = {
    concurrency: Math.max(1, Math.floor(opts.concurrency ?? env.JOBS_CONCURRENCY)),
    workerId: opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
    pollMs: Math.max(50, opts.pollMs ?? 1_000),
    leaseMs: Math.max(1_000, opts.leaseMs ?? env.JOBS_LEASE_SECONDS * 1000),
    graceMs: Math.max(0, opts.graceMs ?? 30_000),
  };
  if (env.databaseKind === "postgresql") {
    const { startPgWorker } = await import("@/lib/jobs/pg-worker");
    return startPgWorker(definitions, full);
  }
  const { startSqliteWorker } = await import("@/lib/jobs/sqlite-worker");
  return startSqliteWorker(definitions, full);
}
