// Starts the app for browser tests: a production build in .next-e2e (built here unless
// E2E_SKIP_BUILD=1), a fresh SQLite database in a temp folder (or, with E2E_DATABASE_URL, a fresh
// PostgreSQL database made on that server and dropped at exit), and mail sent to the test's SMTP
// receiver. Runs on one machine take turns (a lock held from build to exit): they share .next-e2e.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "3210";
const smtpPort = process.env.E2E_SMTP_PORT ?? "2626";
const dir = mkdtempSync(join(tmpdir(), "gauntlet-e2e-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e",
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, "e2e.db")}`,
  APP_URL: `http://localhost:${port}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  NEXT_TELEMETRY_DISABLED: "1",
  // The browser connects over loopback, standing in for a reverse proxy: tests give each player
  // its own X-Forwarded-For address (per-client registration limits, tests/e2e/play.spec.ts).
  TRUST_PROXY: "127.0.0.1,::1",
  // The outbound guard refuses loopback targets: the console test saves an LLM provider at
  // 127.0.0.1:9 (never called), so the test setup allows exactly that, as an operator would.
  OUTBOUND_ALLOW: process.env.OUTBOUND_ALLOW ?? "127.0.0.1:9",
};

const lockDir = join(tmpdir(), `gauntlet-e2e-${process.cwd().replace(/[^a-zA-Z0-9]/g, "_")}.lock`);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function acquireLock() {
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, "pid"), String(process.pid));
      return;
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lockDir, "pid"), "utf8"));
      } catch {
        // The owner is between mkdir and writing its pid.
      }
      if (owner && !alive(owner)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!announced) {
        console.log(`e2e-server: waiting for another browser-test run (pid ${owner || "?"}) to finish`);
        announced = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

function releaseLock() {
  try {
    if (Number(readFileSync(join(lockDir, "pid"), "utf8")) === process.pid) rmSync(lockDir, { recursive: true, force: true });
  } catch {
    // Already gone.
  }
}

await acquireLock();
process.on("exit", releaseLock);

// PostgreSQL: a database of its own, so the app migrates and seeds it from empty.
let dropDatabase = async () => {};
if (process.env.E2E_DATABASE_URL) {
  const { default: pg } = await import("pg");
  const name = `gauntlet_e2e_${process.pid}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // Playwright may stop this process before it drops its database: drop those of dead runs first.
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'gauntlet_e2e_%'");
  await client.end();
  for (const { datname } of rows) {
    const owner = Number(/^gauntlet_e2e_(\d+)_/.exec(datname)?.[1] ?? 0);
    if (owner && !alive(owner)) await admin(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  // PostgreSQL deployments must share these keys explicitly (lib/startup-checks.ts); fresh ones per run.
  env.AUTH_SECRET ??= randomBytes(32).toString("base64");
  env.ENCRYPTION_KEY ??= randomBytes(32).toString("base64");
  dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  console.log(`e2e-server: PostgreSQL database ${name}`);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync("npx", ["--no-install", "next", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn("npx", ["--no-install", "next", "start", "-p", port], { stdio: "inherit", env });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  void dropDatabase().finally(() => process.exit(code ?? 0));
});
