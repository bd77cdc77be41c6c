// Direct SQL: the job engine's leases and claims (SQLite leases, pg-boss relay; README "Benchmarks" (a-jobs), (events)).
import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { transaction } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { pruneFinishedJobs } from "@/lib/jobs/admin";
import { log } from "@/lib/log";
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
  let running: RunningWorker;
  if (env.databaseKind === "postgresql") {
    const { startPgWorker } = await import("@/lib/jobs/pg-worker");
    running = await startPgWorker(definitions, full);
  } else {
    const { startSqliteWorker } = await import("@/lib/jobs/sqlite-worker");
    running = startSqliteWorker(definitions, full);
  }
  const stopPruning = prunePeriodically();
  return {
    ...running,
    stop: (o) => {
      stopPruning();
      return running.stop(o);
    },
  };
}

const PRUNE_EVERY_MS = 10 * 60_000;

/** Finished jobs do not pile up: every worker deletes old ones now and then (harmless twice). */
function prunePeriodically(): () => void {
  const prune = () => {
    transaction(() => pruneFinishedJobs(env.JOBS_RETENTION_DAYS, Math.max(env.JOBS_RETENTION_DAYS, 30))).then(
      (n) => n && log.info("old finished jobs deleted", { count: n }),
      (err: unknown) => log.warn("deleting old finished jobs failed", { error: String(err) }),
    );
  };
  const first = setTimeout(prune, 30_000);
  const every = setInterval(prune, PRUNE_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
