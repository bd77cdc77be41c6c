import "server-only";
import { dialect, exec, type Step } from "@/lib/db/sql";
import { JOBS_CHANNEL, jobsEnqueuedHere } from "@/lib/jobs/enqueue";

/**
 * Inside transaction(): a dead job of the workspace gets a fresh start — pending, due now,
 * attempts 0, its error cleared. On PostgreSQL the relay then hands it to pg-boss as a new
 * pg-boss job (a fresh id: the old one stays failed/completed in pg-boss's history). False when
 * the workspace has no such dead job.
 */
export function* retryDeadJob(id: string, workspaceId: string): Step<boolean> {
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
