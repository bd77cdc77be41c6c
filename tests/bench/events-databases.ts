// (events): tests/bench/events.ts in a child process per database (its own fresh database).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";

function run(label: string, databaseUrl?: string): string {
  const out = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/bench/events.ts"], {
    encoding: "utf8",
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "" },
    timeout: 900_000,
  });
  const line = (out.stdout ?? "").split("\n").find((l) => l.startsWith("events: "));
  if (!line) return `${label}: failed: ${(out.stderr || out.stdout || "").slice(-500)}`;
  return `${label}: ${line.slice("events: ".length)}`;
}

export async function benchEvents(postgresServerUrl?: string): Promise<string[]> {
  const lines = [run("SQLite")];
  if (!postgresServerUrl) return [...lines, "PostgreSQL skipped: set BENCH_POSTGRES_URL"];
  const name = `gauntlet_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(postgresServerUrl);
    url.pathname = `/${name}`;
    lines.push(run("PostgreSQL", url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return lines;
}
