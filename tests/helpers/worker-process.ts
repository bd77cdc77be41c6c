import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** `npm run worker`. */
export const WORKER_SCRIPT = fileURLToPath(new URL("../../scripts/worker.ts", import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  /** The exit signal, or the exit code. */
  exited: Promise<string | number | null>;
}

/**
 * Starts a script (by default scripts/worker.ts) as a real Node process with the test's
 * environment (database, keys, OUTBOUND_ALLOW), without migrations, plus `env`.
 */
export function startWorkerProcess(env: Record<string, string> = {}, script = WORKER_SCRIPT): WorkerProcess {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, AUTO_MIGRATE: "false", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<string | number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code)),
  );
  return { child, output: () => output, exited };
}
