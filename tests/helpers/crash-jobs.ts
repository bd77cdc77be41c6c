// Job definitions for the worker crash test (tests/integration/jobs/jobs-crash.test.ts), loaded by
// scripts/worker.ts through JOBS_EXTRA_DEFINITIONS. The job POSTs to the test's receiver with
// its job id as the idempotency key; on its first try it then hangs (the test kills the process
// there), on a later try it finishes.
import { z } from "zod";
import { defineJob } from "@/lib/jobs";

export const CRASH_QUEUE = "test.crash-delivery";

export const jobDefinitions = [
  defineJob({
    queue: CRASH_QUEUE,
    payload: z.object({ url: z.string() }),
    timeoutMs: 3_000,
    backoff: { baseMs: 1_000, maxMs: 1_000 },
    run: async ({ url }, ctx) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": ctx.jobId },
        body: JSON.stringify({ attempt: ctx.attempt }),
        signal: ctx.signal,
      });
      if (!res.ok) throw new Error(`receiver answered ${res.status}`);
      if (ctx.attempt === 1) await new Promise(() => undefined); // hang until the process is killed
    },
  }),
];
