import "server-only";
import { startWorker, type AnyJobDefinition, type RunningWorker, type WorkerOptions } from "@/lib/jobs";
import { log } from "@/lib/log";
import { jobDefinitions } from "@/lib/services/jobs/registry";

// The registry's definitions on the job engine: started by the app (lib/startup.ts, unless
// JOBS_WORKER=off) and by `npm run worker` (scripts/worker.ts).

// One worker per process, kept on globalThis: Next.js may load this module more than once.
const held = globalThis as unknown as { __gauntletJobWorker?: Promise<RunningWorker> | null };

/** Starts this process's worker (once); `extra` adds definitions (the worker script's test hook). */
export function startJobWorker(opts: WorkerOptions & { extra?: AnyJobDefinition[] } = {}): Promise<RunningWorker> {
  const { extra = [], ...workerOpts } = opts;
  held.__gauntletJobWorker ??= startWorker([...jobDefinitions, ...extra], workerOpts)
    .then((w) => {
      log.info("job worker started", { queues: [...jobDefinitions, ...extra].map((d) => d.queue) });
      return w;
    })
    .catch((err: unknown) => {
      held.__gauntletJobWorker = null;
      throw err;
    });
  return held.__gauntletJobWorker;
}

/** Stops this process's worker, if one runs. */
export async function stopJobWorker(opts?: { graceMs?: number }): Promise<void> {
  const running = held.__gauntletJobWorker;
  held.__gauntletJobWorker = null;
  if (running) await (await running).stop(opts);
}
