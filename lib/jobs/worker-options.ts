// Options of startWorker (lib/jobs/worker.ts), shared by both engines.

export interface WorkerOptions {
  /** Jobs run at once (SQLite: in total; PostgreSQL: per queue, one pg-boss worker each). Default 4. */
  concurrency?: number;
  /** Names this worker in locked_by (default host:pid:random). */
  workerId?: string;
  /** How often to look for due jobs when nothing woke the worker (default 1000 ms). */
  pollMs?: number;
  /**
   * How soon a dead worker's job is taken again. SQLite: the lease, extended by a heartbeat
   * every third of it while the job runs. PostgreSQL: how often pg-boss looks for expired jobs
   * (a job expires at its timeout + a few seconds). Default JOBS_LEASE_SECONDS (30 s).
   */
  leaseMs?: number;
  /** On stop, how long running jobs may finish before they are aborted (default 30 s). */
  graceMs?: number;
}

export interface RunningWorker {
  /** Stops claiming, lets running jobs finish up to the grace period, aborts the rest. */
  stop(opts?: { graceMs?: number }): Promise<void>;
}
