import "server-only";
import { startWorker, type AnyJobDefinition, type RunningWorker, type WorkerOptions } from "@/lib/jobs";
import { log } from "@/lib/log";
import { jobDefinitions } from "@/lib/services/jobs/registry";

// The registry's definitions on the job engine: started by the app (lib/startup.ts, unless
// JOBS_WORKER=off) and by `npm run worker` (scripts/worker.ts).

let current: Promise<RunningWorker> | null = null;

/** Starts this process's worker (once); `extra` adds definitions (the worker script's test hook). */
export function startJobWorker(opts: WorkerOptions & { extra?: AnyJobDefinition[] } = {}): Promise<RunningWorker> {
  const { extra = [], ...workerOpts } = opts;
  current ??= startWorker([...jobDefinitions, ...extra], workerOpts).then((w) => {
    log.info("job worker started", { queues: [...jobDefinitions, ...extra].map((d) => d.queue) });
    return w;
  }).catch((err: unknown) => {
    current = null;
    throw err;
  });
  return current;
}

/** Stops this process's worker, if one runs. */
export async function stopJobWorker(opts?: { graceMs?: number }): Promise<void> {
  const running = current;
  current = null;
  if (running) await (await running).stop(opts);
}
