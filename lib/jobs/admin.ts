// Direct SQL: the job engine's leases and claims (SQLite leases, pg-boss relay; README "Benchmarks" (a-jobs), (events)).
import "server-only";
import { dialect, exec, transaction, type Step } from "@/lib/db/sql";
import { JOBS_CHANNEL, jobsEnqueuedHere } from "@/lib/jobs/enqueue";

/**
 * A dead job of the workspace gets a fresh start — pending, due now, attempts 0, its error
 * cleared. On PostgreSQL the relay then hands it to pg-boss as a new pg-boss job (a fresh id: the
 * old one stays failed/completed in pg-boss's history). False when the workspace has no such dead job.
 */
export function retryDeadJob(id: string, workspaceId: string): Promise<boolean> {
  return transaction(() => retryDeadJobStep(id, workspaceId));
}

function* retryDeadJobStep(id: string, workspaceId: string): Step<boolean> {
  const now = new Date();
  const changed = yield* exec(
    `UPDATE jobs SET status = 'pending', attempts = 0, run_at = $2, updated_at = $2, lease_until = NULL, locked_by = NULL,
       finished_at = NULL, last_error = NULL
     WHERE id = $1 AND tenant_id = $3 AND status = 'dead'`,
    id,
    now,
    workspaceId,
  );
  if (!changed) return false;
  if (dialect() === "postgresql") yield* exec(`SELECT pg_notify('${JOBS_CHANNEL}', queue) FROM jobs WHERE id = $1`, id);
  queueMicrotask(jobsEnqueuedHere);
  return true;
}

/**
 * Deletes finished jobs older than the retention: done jobs after `doneDays`, dead ones after
 * `deadDays` (they stay visible in the console until then). Their singleton keys are free again,
 * which is safe: keys name the work (an event, a digest window), and that work is over.
 */
export function* pruneFinishedJobs(doneDays: number, deadDays: number, now = new Date()): Step<number> {
  const day = 86_400_000;
  return yield* exec(
    `DELETE FROM jobs WHERE (status = 'done' AND finished_at < $1) OR (status = 'dead' AND finished_at < $2)`,
    new Date(now.getTime() - doneDays * day),
    new Date(now.getTime() - deadDays * day),
  );
}
