// Starts the app for browser tests: a production build (built here unless E2E_SKIP_BUILD=1),
// a fresh SQLite database in a temp folder, and mail sent to the test's SMTP receiver.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "3210";
const smtpPort = process.env.E2E_SMTP_PORT ?? "2626";
const dir = mkdtempSync(join(tmpdir(), "gauntlet-e2e-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, "e2e.db")}`,
  APP_URL: `http://localhost:${port}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  NEXT_TELEMETRY_DISABLED: "1",
};

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync("npx", ["--no-install", "next", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn("npx", ["--no-install", "next", "start", "-p", port], { stdio: "inherit", env });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
