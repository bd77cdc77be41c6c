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

// The PostgreSQL engine on pg-boss 10; a wrapper mirrors each job's state into our row. Retries,
// expiry, dead letters and concurrency: lib/jobs/README.md, 'PostgreSQL engine'.

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
