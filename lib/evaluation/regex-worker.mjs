// Rules regex worker: runs one costly creator-pattern search at a time off the request thread.
// Plain .mjs on purpose (see sandbox/worker.mjs): started by
// `new Worker(new URL("./regex-worker.mjs", import.meta.url))` under vitest, tsx and Next.js.
// The main thread keeps the time budget and terminates this worker when a search runs over it.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { RE2JS } from "re2js";

const FLAG_BITS = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

// Linux niceness is per thread: a costly search yields the CPU to request threads (see
// sandbox/worker.mjs). Elsewhere it would nice the whole process, so it is left alone.
if (process.platform === "linux") {
  try {
    setPriority(0, 10);
  } catch {
    /* not permitted: run at normal priority */
  }
}

parentPort.on("message", (job) => {
  try {
    let bits = 0;
    for (const f of job.flags ?? "") bits |= FLAG_BITS[f] ?? 0;
    // Patterns arrive already validated by compileCreatorRegex on the main thread.
    const matched = RE2JS.compile(job.pattern, bits).test(job.text);
    parentPort.postMessage({ id: job.id, matched });
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: err instanceof Error ? err.message.slice(0, 200) : "failed" });
  }
});
parentPort.postMessage({ ready: true });
