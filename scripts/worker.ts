// `npm run worker`: the job worker as its own process (JOBS_WORKER=off on the app instances).
// Startup, signals and the JOBS_EXTRA_DEFINITIONS test hook: lib/jobs/README.md, 'Worker process'.
import { pathToFileURL } from "node:url";
import type { AnyJobDefinition } from "../lib/jobs";
import { env } from "../lib/env";
import { log } from "../lib/log";
import { migrate } from "../lib/migrate";
import { disconnectDb } from "../lib/db";
import { startJobWorker, stopJobWorker } from "../lib/services/jobs/worker";
import { assertInstanceKeys, refuseToStart } from "../lib/startup-checks";

async function extraDefinitions(): Promise<AnyJobDefinition[]> {
  const file = process.env.JOBS_EXTRA_DEFINITIONS;
  if (!file) return [];
  const mod = (await import(pathToFileURL(file).href)) as { jobDefinitions?: AnyJobDefinition[] };
  if (!Array.isArray(mod.jobDefinitions)) throw new Error(`${file} exports no jobDefinitions array`);
  return mod.jobDefinitions;
}

try {
  void env.DATABASE_URL; // parses and validates the whole environment
} catch (err) {
  refuseToStart(err);
}
if (env.AUTO_MIGRATE) await migrate(env.DATABASE_URL);
// A worker with another ENCRYPTION_KEY would send every job that reads a secret to `dead`.
await assertInstanceKeys();
const graceMs = Number(process.env.WORKER_STOP_GRACE_MS ?? 30_000);
await startJobWorker({ extra: await extraDefinitions() });
log.info("worker running", { database: env.databaseKind, concurrency: env.JOBS_CONCURRENCY });
console.log("worker ready");

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  log.info("worker stopping", { signal, graceMs });
  void stopJobWorker({ graceMs })
    .then(() => disconnectDb())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        log.error("worker stop failed", { error: String(err) });
        process.exit(1);
      },
    );
};
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
