// (events): tests/bench/events.ts in a child process per database (its own fresh database).
import { spawnSync } from "node:child_process";
import { withScratchDatabase } from "./scratch-database";

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
  lines.push(await withScratchDatabase(postgresServerUrl, (url) => run("PostgreSQL", url)));
  return lines;
}
