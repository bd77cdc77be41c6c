// (e): tests/bench/attempt-inprocess.ts run in child processes, once per database, so that each
// measures one process's CPU for the same attempts.
import { spawnSync } from "node:child_process";
import { withScratchDatabase } from "./scratch-database";

export interface InProcessFigure {
  database: "SQLite" | "PostgreSQL";
  cpuMs: number;
  wallMs: number;
}

const ATTEMPTS = 1000;

function measure(databaseUrl?: string): { cpuMs: number; wallMs: number } {
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/bench/attempt-inprocess.ts", String(ATTEMPTS)],
    {
      encoding: "utf8",
      env: { ...process.env, BENCH_VIA: "route", BENCH_DATABASE_URL: databaseUrl ?? "" },
      timeout: 600_000,
    },
  );
  const m = /sequential: ([\d.]+) ms\/attempt wall, ([\d.]+) ms\/attempt CPU/.exec(out.stdout ?? "");
  if (!m) throw new Error(`attempt-inprocess failed: ${out.stderr || out.stdout}`);
  return { wallMs: Number(m[1]), cpuMs: Number(m[2]) };
}

export async function benchAttemptInProcess(postgresServerUrl?: string): Promise<InProcessFigure[]> {
  const figures: InProcessFigure[] = [{ database: "SQLite", ...measure() }];
  if (!postgresServerUrl) return figures;
  // A database of its own, dropped afterwards.
  figures.push({ database: "PostgreSQL", ...(await withScratchDatabase(postgresServerUrl, (url) => measure(url))) });
  return figures;
}
