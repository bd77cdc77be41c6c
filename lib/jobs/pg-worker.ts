// Direct SQL: the job engine's leases and claims (SQLite leases, pg-boss relay; README "Benchmarks" (a-jobs), (events)).
import "server-only";
import { setMaxListeners } from "node:events";
import PgBoss from "pg-boss";
import { asJson, exec, one, transaction } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { DEFAULT_BACKOFF, DEFAULT_TIMEOUT_MS, callOnDead, errorText, runTry, type TryInfo } from "@/lib/jobs/attempt";
import { startRelay, type RelayedData } from "@/lib/jobs/pg-relay";
import type { AnyJobDefinition, JobDefinition } from "@/lib/jobs/types";
import type { RunningWorker, WorkerOptions } from "@/lib/jobs/worker-options";
import { log } from "@/lib/log";

// The PostgreSQL engine: pg-boss 10 (11+ need Node 22). The relay (pg-relay.ts) moves pending
// rows of our jobs table into pg-boss in the transaction that marks them queued; pg-boss does
// the fetching (SKIP LOCKED), the retries, the expiry of jobs whose worker died, and
// dead-lettering. A wrapper around each handler mirrors the state into our row (running +
// attempts, done, queued + last_error while a retry waits, dead) so the console reads one table
// on both databases.
//
// Retries: retryLimit = maxAttempts − 1, retryDelay = backoff.baseMs in whole seconds (≥ 1),
// retryBackoff. pg-boss 10's backoff HAS jitter, but "equal" jitter rather than full: the delay
// before retry n is d·2^n/2 + random·d·2^n/2 (half fixed, half random; plans.js failJobs), with
// no ceiling (the exponent stops at 16). We accept it: retries still spread out (by up to half
// the delay), and with the default 8 tries the longest wait is ~4–8.5 min (base 2 s). A
// definition's backoff.maxMs is therefore not enforced on PostgreSQL; sub-second bases round up
// to 1 s. (SQLite uses full jitter with the ceiling, attempt.ts retryDelayMs.)
//
// A worker that dies mid-job: pg-boss expires the job once it has been active longer than its
// expireInSeconds (our timeout + EXPIRY_GRACE_S), checked every leaseMs (pg-boss maintenance),
// and retries it — or, on the last try, fails it into the dead-letter queue, whose handler marks
// our row dead and calls onDead. A try that fails in the handler on its last try (or throws
// PermanentJobError) is marked dead and onDead called by the wrapper itself, which then lets
// pg-boss complete the job (so no retry and no dead letter follow). onDead thus runs once: only
// the writer that moves the row to dead calls it. Handlers are at least once (attempt.ts).
//
// Concurrency is per queue here (one pg-boss worker loop per slot: a pg-boss batch completes or
// fails as a whole, so each loop takes one job at a time).

const EXPIRY_GRACE_S = 5;
export const deadLetterOf = (queue: string) => `${queue}__dead`;

/** What pg-boss is told about one relayed job: tries, backoff, expiry, dead letter. */
export function relayOptions(def: JobDefinition<unknown>, maxAttempts: number) {
  return {
    retryLimit: maxAttempts - 1,
    retryDelay: retryDelaySeconds(def),
    retryBackoff: true,
    expireInSeconds: Math.ceil((def.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000) + EXPIRY_GRACE_S,
    deadLetter: deadLetterOf(def.queue),
  };
}

export async function startPgWorker(definitions: AnyJobDefinition[], opts: Required<WorkerOptions>): Promise<RunningWorker> {
  const defs = new Map<string, JobDefinition<unknown>>(definitions.map((d) => [d.queue, d as JobDefinition<unknown>]));
  const { concurrency, workerId, pollMs, leaseMs, graceMs } = opts;
  const boss = new PgBoss({
    connectionString: env.DATABASE_URL,
    application_name: "gauntlet-jobs",
    max: Math.min(10, 2 + concurrency),
    schedule: false,
    maintenanceIntervalSeconds: Math.max(1, Math.round(leaseMs / 1000)),
  });
  boss.on("error", (err) => log.warn("pg-boss", { error: errorText(err) }));
  await boss.start();
  for (const def of defs.values()) {
    await boss.createQueue(deadLetterOf(def.queue));
    await boss.createQueue(def.queue, { name: def.queue, deadLetter: deadLetterOf(def.queue) });
  }

  const stopController = new AbortController();
  // Every running try listens on it (and stops listening when done): more than ten at once is normal.
  setMaxListeners(0, stopController.signal);
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  };

  async function handle(def: JobDefinition<unknown>, job: PgBoss.JobWithMetadata<RelayedData>): Promise<object> {
    const { jobId } = job.data;
    const info: TryInfo = { jobId, queue: def.queue, attempt: job.retryCount + 1, maxAttempts: job.retryLimit + 1 };
    const timeoutMs = def.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const row = await transaction(() =>
      one<{ payload: unknown }>(
        `UPDATE jobs SET status = 'running', attempts = $2, lease_until = $3, locked_by = $4, updated_at = $5
         WHERE id = $1 AND status IN ('queued', 'running') RETURNING payload`,
        jobId,
        info.attempt,
        new Date(Date.now() + timeoutMs + EXPIRY_GRACE_S * 1000),
        workerId,
        new Date(),
      ),
    );
    if (!row) return { skipped: "the job row is not queued" };
    const payload = asJson(row.payload);
    const outcome = await runTry(def, payload, info, stopController.signal);
    const now = new Date();
    const mine = `id = $1 AND status = 'running' AND attempts = $2`;
    if (outcome.ok) {
      await transaction(() =>
        exec(`UPDATE jobs SET status = 'done', finished_at = $3, updated_at = $3, lease_until = NULL, last_error = NULL WHERE ${mine}`, jobId, info.attempt, now),
      );
      return {};
    }
    if (!outcome.interrupted && (outcome.permanent || info.attempt >= info.maxAttempts)) {
      const changed = await transaction(() =>
        exec(
          `UPDATE jobs SET status = 'dead', finished_at = $3, updated_at = $3, lease_until = NULL, last_error = $4 WHERE ${mine}`,
          jobId,
          info.attempt,
          now,
          outcome.error,
        ),
      );
      if (changed) await callOnDead(def, payload, outcome.error, info);
      return { dead: outcome.error };
    }
    // pg-boss retries: the earliest time it may (the fixed half of its equal-jitter delay).
    const delayS = retryDelaySeconds(def) * 2 ** Math.min(16, job.retryCount);
    await transaction(() =>
      exec(
        `UPDATE jobs SET status = 'queued', run_at = $3, updated_at = $4, lease_until = NULL, last_error = $5 WHERE ${mine}`,
        jobId,
        info.attempt,
        new Date(now.getTime() + (outcome.interrupted ? 0 : delayS * 1000)),
        now,
        outcome.error,
      ),
    );
    throw new Error(outcome.error);
  }

  /** A dead letter: pg-boss gave up on a job whose last try never reported (worker died, hung). */
  async function handleDeadLetter(def: JobDefinition<unknown>, job: PgBoss.Job<RelayedData>): Promise<void> {
    const error = "the worker running its last try stopped before finishing (expired by pg-boss)";
    const row = await transaction(() =>
      one<{ payload: unknown; attempts: number; max_attempts: number }>(
        `UPDATE jobs SET status = 'dead', finished_at = $2, updated_at = $2, lease_until = NULL, last_error = $3
         WHERE id = $1 AND status IN ('queued', 'running') RETURNING payload, attempts, max_attempts`,
        job.data.jobId,
        new Date(),
        error,
      ),
    );
    if (row) {
      const info = { jobId: job.data.jobId, queue: def.queue, attempt: Number(row.attempts), maxAttempts: Number(row.max_attempts) };
      await callOnDead(def, asJson(row.payload), error, info);
    }
  }

  const workerIds = new Map<string, string[]>();
  const pollingIntervalSeconds = Math.max(0.5, pollMs / 1000);
  for (const def of defs.values()) {
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      // pg-boss 10 waits out the polling interval after every fetch, even one that found a job,
      // so one worker would run at most one job per interval. A worker that found a job asks for
      // its next fetch at once (notifyWorker); one that found none waits as usual.
      let self = "";
      self = await boss.work<RelayedData>(def.queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, ([job]) => {
        boss.notifyWorker(self);
        return track(handle(def, job!));
      });
      ids.push(self);
    }
    workerIds.set(def.queue, ids);
    await boss.work<RelayedData>(deadLetterOf(def.queue), { batchSize: 1, pollingIntervalSeconds: Math.max(2, pollingIntervalSeconds) }, ([job]) =>
      track(handleDeadLetter(def, job!)),
    );
  }

  const relay = startRelay(
    {
      defs,
      boss,
      options: relayOptions,
      // Latency: the local workers fetch at once instead of at their next poll.
      relayed: (counts) => {
        for (const [q, n] of counts) for (const id of (workerIds.get(q) ?? []).slice(0, n)) boss.notifyWorker(id);
      },
    },
    pollMs,
  );

  let stopping: Promise<void> | null = null;
  return {
    stop(stopOpts) {
      stopping ??= (async () => {
        await relay.stop();
        for (const def of defs.values()) {
          await boss.offWork(def.queue);
          await boss.offWork(deadLetterOf(def.queue));
        }
        const wait = (ms: number) =>
          Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, ms).unref())]);
        await wait(stopOpts?.graceMs ?? graceMs);
        stopController.abort();
        await wait(5_000);
        await boss.stop({ graceful: true, timeout: 1_000, wait: true });
      })();
      return stopping;
    },
  };
}

function retryDelaySeconds(def: JobDefinition<unknown>): number {
  return Math.max(1, Math.round((def.backoff ?? DEFAULT_BACKOFF).baseMs / 1000));
}
