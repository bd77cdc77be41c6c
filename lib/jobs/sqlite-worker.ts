// Direct SQL: the job engine's leases and claims (SQLite leases, pg-boss relay; README "Benchmarks" (a-jobs), (events)).
import "server-only";
import { setMaxListeners } from "node:events";
import { all, asJson, asNum, exec, one, query, transaction, type Step } from "@/lib/db/sql";
import { onJobsEnqueued } from "@/lib/jobs/enqueue";
import {
  callOnDead,
  effectiveMaxAttempts,
  errorText,
  retryDelayMs,
  runTry,
  type TryInfo,
} from "@/lib/jobs/attempt";
import type { AnyJobDefinition, JobDefinition } from "@/lib/jobs/types";
import type { RunningWorker, WorkerOptions } from "@/lib/jobs/worker-options";
import { log } from "@/lib/log";

// The embedded engine: an in-process worker over the jobs table, with leases, heartbeats and
// guarded writes (lib/jobs/README.md, 'SQLite engine').

interface ClaimedRow {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

const DUE = `((status = 'pending' AND run_at <= $1) OR (status = 'running' AND lease_until < $1))`;

function* anyDue(defs: Map<string, JobDefinition<unknown>>): Step<boolean> {
  const queues = [...defs.keys()];
  const inList = queues.map((_, i) => `$${i + 2}`).join(", ");
  const row = yield* one<{ x: number }>(`SELECT 1 AS x FROM jobs WHERE queue IN (${inList}) AND ${DUE} LIMIT 1`, new Date(), ...queues);
  return row !== undefined;
}

function* claimStep(
  defs: Map<string, JobDefinition<unknown>>,
  limit: number,
  workerId: string,
  leaseMs: number,
): Step<{ claimed: ClaimedRow[]; lost: ClaimedRow[] }> {
  const now = new Date();
  const queues = [...defs.keys()];
  const inList = queues.map((_, i) => `$${i + 3}`).join(", ");
  const rows = yield* all<{ id: string; queue: string; payload: unknown; status: string; attempts: unknown; max_attempts: unknown }>(
    `SELECT id, queue, payload, status, attempts, max_attempts FROM jobs
     WHERE queue IN (${inList}) AND ${DUE} ORDER BY run_at LIMIT $2`,
    now,
    limit,
    ...queues,
  );
  const claimed: ClaimedRow[] = [];
  const lost: ClaimedRow[] = [];
  for (const r of rows) {
    const maxAttempts = effectiveMaxAttempts(defs.get(r.queue)!, asNum(r.max_attempts));
    const row = { id: r.id, queue: r.queue, payload: asJson(r.payload), attempts: asNum(r.attempts), maxAttempts };
    if (r.status === "running" && row.attempts >= maxAttempts) {
      const changed = yield* exec(
        `UPDATE jobs SET status = 'dead', max_attempts = $2, lease_until = NULL, locked_by = NULL, finished_at = $3, updated_at = $3,
           last_error = 'the worker running its last try stopped before finishing (lease expired)'
         WHERE id = $4 AND ${DUE}`,
        now,
        maxAttempts,
        now,
        r.id,
      );
      if (changed) lost.push(row);
      continue;
    }
    const changed = yield* exec(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, max_attempts = $2, lease_until = $3, locked_by = $4, updated_at = $1
       WHERE id = $5 AND ${DUE}`,
      now,
      maxAttempts,
      new Date(now.getTime() + leaseMs),
      workerId,
      r.id,
    );
    if (changed) claimed.push({ ...row, attempts: row.attempts + 1 });
  }
  return { claimed, lost };
}

/** The guard of every write of a try: still ours, still this try. */
const MINE = `id = $1 AND locked_by = $2 AND attempts = $3 AND status = 'running'`;

export function startSqliteWorker(definitions: AnyJobDefinition[], opts: Required<WorkerOptions>): RunningWorker {
  const defs = new Map<string, JobDefinition<unknown>>(definitions.map((d) => [d.queue, d as JobDefinition<unknown>]));
  const { concurrency, workerId, pollMs, leaseMs, graceMs } = opts;
  const running = new Map<string, Promise<void>>();
  const stopController = new AbortController();
  // Every running try listens on it (and stops listening when done): more than ten at once is normal.
  setMaxListeners(0, stopController.signal);
  let stopping = false;
  let claiming = false;
  let again = false;

  async function pump(): Promise<void> {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const free = concurrency - running.size;
        if (free <= 0 || stopping || defs.size === 0) break;
        // A read first: an idle poll takes no write lock (the attempts' group commits never wait on it).
        if (!(await query(() => anyDue(defs)))) break;
        const { claimed, lost } = await transaction(() => claimStep(defs, free, workerId, leaseMs));
        for (const job of lost) {
          const info = { jobId: job.id, queue: job.queue, attempt: job.attempts, maxAttempts: job.maxAttempts };
          void callOnDead(defs.get(job.queue)!, job.payload, "lease expired on the last try", info);
        }
        for (const job of claimed) {
          if (stopping) break;
          const p = execute(job).finally(() => {
            running.delete(job.id);
            if (!stopping) void pump();
          });
          running.set(job.id, p);
        }
      } while (again && !stopping);
    } catch (err) {
      log.warn("claiming jobs failed", { error: errorText(err) });
    } finally {
      claiming = false;
    }
  }

  async function execute(job: ClaimedRow): Promise<void> {
    const def = defs.get(job.queue)!;
    const info: TryInfo = { jobId: job.id, queue: job.queue, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const mine = [job.id, workerId, job.attempts] as const;
    const heartbeat = setInterval(() => {
      transaction(() => exec(`UPDATE jobs SET lease_until = $4 WHERE ${MINE}`, ...mine, new Date(Date.now() + leaseMs))).catch(
        (err: unknown) => log.warn("extending a job lease failed", { job: job.id, error: errorText(err) }),
      );
    }, Math.max(100, Math.floor(leaseMs / 3)));
    let outcome;
    try {
      outcome = await runTry(def, job.payload, info, stopController.signal);
    } finally {
      clearInterval(heartbeat);
    }
    const now = new Date();
    try {
      if (outcome.ok) {
        await transaction(() =>
          exec(
            `UPDATE jobs SET status = 'done', finished_at = $4, updated_at = $4, lease_until = NULL, last_error = NULL WHERE ${MINE}`,
            ...mine,
            now,
          ),
        );
      } else if (outcome.interrupted) {
        // Shutdown: hand the job back untouched (this try does not count).
        await transaction(() =>
          exec(
            `UPDATE jobs SET status = 'pending', attempts = attempts - 1, run_at = $4, updated_at = $4, lease_until = NULL,
               locked_by = NULL, last_error = $5 WHERE ${MINE}`,
            ...mine,
            now,
            outcome.error,
          ),
        );
      } else if (outcome.permanent || job.attempts >= job.maxAttempts) {
        const changed = await transaction(() =>
          exec(
            `UPDATE jobs SET status = 'dead', finished_at = $4, updated_at = $4, lease_until = NULL, last_error = $5 WHERE ${MINE}`,
            ...mine,
            now,
            outcome.error,
          ),
        );
        if (changed) await callOnDead(def, job.payload, outcome.error, info);
      } else {
        const runAt = new Date(now.getTime() + retryDelayMs(def.backoff, job.attempts));
        await transaction(() =>
          exec(
            `UPDATE jobs SET status = 'pending', run_at = $4, updated_at = $5, lease_until = NULL, locked_by = NULL, last_error = $6
             WHERE ${MINE}`,
            ...mine,
            runAt,
            now,
            outcome.error,
          ),
        );
      }
    } catch (err) {
      // The row stays running; its lease runs out and the job is tried again.
      log.warn("recording a job's outcome failed", { job: job.id, error: errorText(err) });
    }
  }

  const unsubscribe = onJobsEnqueued(() => void pump());
  const timer = setInterval(() => void pump(), pollMs);
  void pump();

  return {
    async stop(stopOpts) {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      unsubscribe();
      const wait = (ms: number) =>
        Promise.race([Promise.allSettled([...running.values()]), new Promise((r) => setTimeout(r, ms).unref())]);
      // Running jobs may finish up to the deadline; then they are aborted and handed back.
      await wait(stopOpts?.graceMs ?? graceMs);
      stopController.abort();
      await wait(5_000);
      while (claiming) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
