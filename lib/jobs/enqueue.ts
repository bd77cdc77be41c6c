// Direct SQL: the job engine's leases and claims (SQLite leases, pg-boss relay; README "Benchmarks" (a-jobs), (events)).
import "server-only";
import { uuidv7 } from "@/lib/ids";
import type { Tx } from "@/lib/db";
import { dialect, exec, json, transaction, type Step } from "@/lib/db/sql";
import { DEFAULT_MAX_ATTEMPTS, type EnqueueOptions } from "@/lib/jobs/types";

/** PostgreSQL channel the relay listens on; NOTIFY is delivered at COMMIT, so never early. */
export const JOBS_CHANNEL = "gauntlet_jobs";

/**
 * Enqueues a job inside the caller's transaction (lib/db/sql.ts transaction()): the job exists
 * if and only if the transaction commits (the transactional outbox). Returns the job id, or
 * null when a job with the same singletonKey already exists.
 */
export function* enqueueJob(queue: string, payload: unknown, opts: EnqueueOptions = {}): Step<string | null> {
  const id = uuidv7();
  const now = new Date();
  const runAt = opts.runAt ?? new Date(now.getTime() + Math.max(0, opts.delayMs ?? 0));
  const changed = yield* exec(
    `INSERT INTO jobs (id, tenant_id, queue, payload, status, attempts, max_attempts, run_at, singleton_key, created_at, updated_at)
     VALUES ($1, $8, $2, $3::jsonb, 'pending', 0, $4, $5, $6, $7, $7)
     ON CONFLICT (singleton_key) DO NOTHING`,
    id,
    queue,
    json(payload),
    opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt,
    opts.singletonKey ?? null,
    now,
    opts.workspaceId ?? null,
  );
  if (changed && dialect() === "postgresql") yield* exec(`SELECT pg_notify('${JOBS_CHANNEL}', $1)`, queue);
  if (changed) jobsEnqueuedHere();
  return changed ? id : null;
}

/**
 * enqueueJob for a Prisma transaction (`db.$transaction(async (tx) => …)`): the same row, the same
 * singleton rule (a native upsert on singletonKey that writes the key onto itself: ON CONFLICT, never a race), the same wake-ups.
 */
type JobPayload = Parameters<Tx["job"]["create"]>[0]["data"]["payload"];

export async function enqueueJobIn(tx: Tx, queue: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string | null> {
  const id = uuidv7();
  const now = new Date();
  const data = {
    id,
    workspaceId: opts.workspaceId ?? null,
    queue,
    payload: payload as JobPayload,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: opts.runAt ?? new Date(now.getTime() + Math.max(0, opts.delayMs ?? 0)),
    singletonKey: opts.singletonKey ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const created = opts.singletonKey
    ? (await tx.job.upsert({ where: { singletonKey: opts.singletonKey }, create: data, update: { singletonKey: opts.singletonKey }, select: { id: true } })).id === id
    : Boolean(await tx.job.create({ data, select: { id: true } }));
  if (!created) return null;
  if (dialect() === "postgresql") await tx.$executeRaw`SELECT pg_notify(${JOBS_CHANNEL}, ${queue})`;
  jobsEnqueuedHere();
  return id;
}

/** Enqueues a job in its own transaction. */
export function enqueue(queue: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string | null> {
  return transaction(() => enqueueJob(queue, payload, opts));
}

// An in-process worker wakes at once for jobs this process enqueued (after the commit: the
// worker's claim runs after the transaction that holds the write lock).
// On globalThis: Next.js may load this module once per route bundle, and the worker started from
// instrumentation must hear enqueues made by every route's copy.
const held = globalThis as unknown as { __gauntletJobWake?: Set<() => void> };
const wakeListeners = (held.__gauntletJobWake ??= new Set<() => void>());
/** Wakes this process's worker (after a commit that made jobs due; enqueueJob does it itself). */
export function jobsEnqueuedHere(): void {
  for (const fn of wakeListeners) queueMicrotask(fn);
}
export function onJobsEnqueued(fn: () => void): () => void {
  wakeListeners.add(fn);
  return () => wakeListeners.delete(fn);
}
