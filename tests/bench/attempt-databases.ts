// (e): tests/bench/attempt-inprocess.ts run in child processes, once per database and round, so
// that each measures one process's CPU for the same attempts. The databases alternate (SQLite,
// PostgreSQL, SQLite, PostgreSQL, ...) and each keeps its best round, so background load on a
// shared machine weighs on both alike.
import { spawnSync } from "node:child_process";
import { withScratchDatabase } from "./scratch-database";

export interface InProcessFigure {
  database: "SQLite" | "PostgreSQL";
  cpuMs: number;
  wallMs: number;
}

const ATTEMPTS = 1000;
const ROUNDS = 2;

function measure(databaseUrl?: string): { cpuMs: number; wallMs: number } {
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/bench/attempt-inprocess.ts", String(ATTEMPTS)],
    {
      encoding: "utf8",
      env: { ...process.env, BENCH_VIA: "route", BENCH_PARALLEL: "0", BENCH_DATABASE_URL: databaseUrl ?? "" },
      timeout: 600_000,
    },
  );
  const m = /sequential: ([\d.]+) ms\/attempt wall, ([\d.]+) ms\/attempt CPU/.exec(out.stdout ?? "");
  if (!m) throw new Error(`attempt-inprocess failed: ${out.stderr || out.stdout}`);
  return { wallMs: Number(m[1]), cpuMs: Number(m[2]) };
}

/** The best of `rounds` (lowest CPU and lowest wall, each on its own). */
function best(database: InProcessFigure["database"], rounds: { cpuMs: number; wallMs: number }[]): InProcessFigure {
  return {
    database,
    cpuMs: Math.min(...rounds.map((r) => r.cpuMs)),
    wallMs: Math.min(...rounds.map((r) => r.wallMs)),
  };
}

export async function benchAttemptInProcess(postgresServerUrl?: string): Promise<InProcessFigure[]> {
  const sqlite: { cpuMs: number; wallMs: number }[] = [];
  const postgres: { cpuMs: number; wallMs: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    sqlite.push(measure());
    // A database of its own per round, dropped afterwards.
    if (postgresServerUrl) postgres.push(await withScratchDatabase(postgresServerUrl, (url) => measure(url)));
  }
  const figures = [best("SQLite", sqlite)];
  if (postgres.length > 0) figures.push(best("PostgreSQL", postgres));
  return figures;
}
