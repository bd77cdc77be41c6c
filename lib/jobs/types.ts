import type { z } from "zod";

// The job seam's vocabulary. A job is a queue name and a JSON payload; a JobDefinition says how
// one queue's jobs run. Definitions live beside the service that owns the work
// (lib/services/**/jobs.ts) and are listed once in lib/services/jobs/registry.ts.

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Not before now + this many ms (ignored when runAt is given). */
  delayMs?: number;
  /** A second enqueue with the same key, while the first job exists, makes no new job. */
  singletonKey?: string;
  /** The workspace the work belongs to: its console shows the job. */
  workspaceId?: string;
  /** Tries before the job is dead (default: the definition's, else DEFAULT_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

export interface JobContext {
  jobId: string;
  queue: string;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  /** True on the last try: a failure now makes the job dead. */
  final: boolean;
  /** Aborted when the worker stops or the job's time is up. */
  signal: AbortSignal;
}

export interface Backoff {
  /** Delay before the second try; doubles each try, with full jitter. */
  baseMs: number;
  /** Longest delay between tries. */
  maxMs: number;
}

export interface JobDefinition<P = unknown> {
  queue: string;
  payload: z.ZodType<P>;
  maxAttempts?: number;
  backoff?: Backoff;
  /** Longest one try may run before it is aborted and counted as failed (default 60 s). */
  timeoutMs?: number;
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Called once when the job becomes dead (after its last try, or a PermanentJobError). */
  onDead?(payload: P, error: string, ctx: JobContext): Promise<void>;
}

/** A definition of any payload (lists of definitions: the registry, startWorker). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- P is invariant; each definition checks its own payload
export type AnyJobDefinition = JobDefinition<any>;

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** Thrown by a job that must not be tried again (bad payload, target gone): dead at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export type JobStatus = "pending" | "queued" | "running" | "done" | "dead";
