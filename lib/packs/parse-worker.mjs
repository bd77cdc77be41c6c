// Pack parse worker: decodes one bundle's YAML at a time off the request thread. Plain .mjs (as
// evaluation/regex-worker.mjs): started by `new Worker(new URL(…parse-worker.mjs, import.meta.url))`
// under vitest, tsx and Next.js. The main thread keeps the time budget and terminates this worker
// when a decode runs over it.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { parseBundleYaml } from "./decode.mjs";

// Linux niceness is per thread: a decode yields the CPU to request threads (its budget,
// PACKS_PARSE_TIMEOUT_MS, is generous for that reason).
if (process.platform === "linux") {
  try {
    setPriority(0, 10);
  } catch {
    /* not permitted: run at normal priority */
  }
}

parentPort.on("message", (job) => {
  let result;
  try {
    result = parseBundleYaml(job.text);
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 200) : "failed";
    result = { ok: false, errors: [{ field: "bundle", message: `could not be decoded: ${message}` }] };
  }
  parentPort.postMessage({ id: job.id, result });
});
parentPort.postMessage({ ready: true });
