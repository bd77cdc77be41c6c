// npm run bench — figures from one run on this machine, measured side by side so the ratios
// matter more than the absolute numbers (machines here are noisy).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest, NextResponse } from "next/server";
import { z } from "zod";
import type { HttpBenchResult } from "./http";
import { readRecords, record } from "./record";
import { fmt } from "./stats";

// A failure prints one line and exits non-zero; BENCH_DEBUG=1 keeps the whole stack.
const fail = (err: unknown) => {
  console.error(
    `bench failed: ${process.env.BENCH_DEBUG ? String((err as Error)?.stack ?? err) : String((err as Error)?.message ?? err)}`,
  );
  process.exit(1);
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

// `--json <file>` or BENCH_JSON=<file>: every recorded figure as a JSON array at the end. Through
// npm (`npm run bench --json <file>`) npm takes `--json` as its own flag and passes the file on.
const argv = process.argv.slice(2);
const jsonAt = argv.indexOf("--json");
const jsonOut =
  (jsonAt >= 0 ? argv[jsonAt + 1] : undefined) ??
  process.env.BENCH_JSON ??
  (process.env.npm_config_json === "true" ? argv.find((a) => a.endsWith(".json")) : undefined);

const dir = mkdtempSync(join(tmpdir(), "gauntlet-bench-"));
// The port of the (a)/(d) server (BENCH_HTTP_PORT moves it, to run benches side by side).
const httpPort = Number(process.env.BENCH_HTTP_PORT ?? 3411);
// The bench process and the server it starts share the database, keys and secrets.
const benchEnv = {
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, "bench.db")}`,
  AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789abcdef",
  ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
  APP_URL: `http://127.0.0.1:${httpPort}`,
  RATE_LIMIT_STORE: "database",
};
// Child processes started below inherit BENCH_RECORD_FILE and record into the same file.
const recordFile = join(dir, "records.jsonl");
Object.assign(process.env, benchEnv, { LOG_LEVEL: "silent", BENCH_RECORD_FILE: recordFile });
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    [
      ...["foundation", "a", "b", "c", "d", "e", "rb", "arena", "packs", "cal", "a-jobs", "events"],
      ...["a-pg", "a-2x", "b-pg", "js", "streams", "rw"],
    ].join(",")
  ).split(","),
);
const { migrate } = await import("../../lib/migrate");
await migrate(benchEnv.DATABASE_URL);

const { route } = await import("../../lib/api/handler");
const { hashPassword, verifyPassword } = await import("../../lib/crypto");
const { createSessionToken, readSessionToken } = await import("../../lib/auth/session");

async function timeIt(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, n); i++) await fn(i); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  const ms = performance.now() - start;
  return { label, n, ms, perSec: (n / ms) * 1000, perOpMs: ms / n };
}

const bodySchema = z.strictObject({ name: z.string().min(1).max(80), count: z.number().int() });
const wrapped = route({ auth: "public", body: bodySchema }, ({ body }) => ({ ok: true, name: body.name }));
const bare = async (req: NextRequest): Promise<Response> => {
  const body = (await req.json()) as { name: string };
  return NextResponse.json({ ok: true, name: body.name });
};
const mkReq = () =>
  new NextRequest("http://localhost:3000/x", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.1" },
    body: JSON.stringify({ name: "bench", count: 1 }),
  });
const ctx = { params: Promise.resolve({}) };

// Alternate the two in rounds and keep each one's best round, so JIT warm-up and background
// noise hit both alike.
const N = 5_000;
type R = Awaited<ReturnType<typeof timeIt>>;
let rBare: R | undefined;
let rWrapped: R | undefined;
for (let round = 0; round < 4; round++) {
  const b = await timeIt("bare route handler", N, () => bare(mkReq()).then((r) => r.text()));
  const w = await timeIt("route() wrapper (caller, zod, CSRF, errors)", N, () =>
    wrapped(mkReq(), ctx).then((r) => r.text()),
  );
  if (!rBare || b.perSec > rBare.perSec) rBare = b;
  if (!rWrapped || w.perSec > rWrapped.perSec) rWrapped = w;
}
const hash = await hashPassword("benchmark password");
const rHash = await timeIt("scrypt verify (N=2^15)", 20, () => verifyPassword("benchmark password", hash));
const token = await createSessionToken({
  id: "00000000-0000-4000-8000-000000000000",
  email: "b@x.io",
  name: "B",
});
const rEncode = await timeIt("session token encode", 2000, () =>
  createSessionToken({ id: "00000000-0000-4000-8000-000000000000", email: "b@x.io", name: "B" }),
);
// Every decode here is of a token not seen before (decoded tokens are kept: see session.ts).
const fresh = await Promise.all(
  Array.from({ length: 2200 }, (_, i) =>
    createSessionToken({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      email: "b@x.io",
      name: "B",
    }),
  ),
);
let nextFresh = 0;
const rDecode = await timeIt("session token decode (first time)", 2000, () =>
  readSessionToken(fresh[nextFresh++]),
);
const rDecodeKept = await timeIt("session token decode (kept)", 2000, () => readSessionToken(token));

if (!rBare || !rWrapped) throw new Error("no rounds ran");
const rows = [rBare, rWrapped, rHash, rEncode, rDecode, rDecodeKept];
console.log("\nGauntlet foundation benchmark (one run, in-process)\n");
console.log("| measurement | n | ops/s | ms/op |\n| --- | ---: | ---: | ---: |");
for (const r of rows) {
  console.log(`| ${r.label} | ${r.n} | ${r.perSec.toFixed(0)} | ${r.perOpMs.toFixed(3)} |`);
  record({ section: "foundation", name: r.label, value: r.perSec, unit: "ops/s" });
}
console.log(`\nroute() wrapper throughput / bare handler: ${(rWrapped.perSec / rBare.perSec).toFixed(2)}`);
record({
  section: "foundation",
  name: "route() wrapper / bare handler",
  value: rWrapped.perSec / rBare.perSec,
  unit: "ratio",
});

if (only.has("c")) {
  const { benchEngine } = await import("./engine");
  const e = await benchEngine();
  console.log(`\n(c) engine, 6-node graph, instant model, no persistence (${e.runs} runs, best of 3 rounds)`);
  console.log(
    `    per run ${fmt(e.perRunMs, 3)} ms − model alone ${fmt(e.modelMs, 3)} ms = overhead ${fmt(e.overheadMs, 3)} ms (target ≤ 1 ms)`,
  );
  record({
    section: "c",
    name: "engine overhead per run",
    value: e.overheadMs,
    unit: "ms",
    target: "≤ 1",
    met: e.overheadMs <= 1,
  });
}

type HttpResult = Partial<HttpBenchResult>;
function printA(h: HttpResult, title: string, section: string) {
  if (h.pingRps === undefined || h.attemptRps === undefined) return;
  record({ section, name: "GET /api/ping", value: h.pingRps, unit: "req/s" });
  record({ section, name: "attempts", value: h.attemptRps, unit: "req/s" });
  record({ section, name: "attempt p50", value: h.attemptP50 ?? NaN, unit: "ms" });
  record({ section, name: "attempt p99", value: h.attemptP99 ?? NaN, unit: "ms" });
  record({ section, name: "attempt non-2xx", value: h.attemptNon2xx ?? NaN, unit: "count" });
  record({
    section,
    name: "ratio attempts/ping",
    value: h.ratio ?? NaN,
    unit: "ratio",
    target: "≥ 0.6",
    met: (h.ratio ?? 0) >= 0.6,
  });
  record({ section, name: "server CPU per ping", value: h.pingCpuMs ?? NaN, unit: "ms" });
  record({ section, name: "server CPU per attempt", value: h.attemptCpuMs ?? NaN, unit: "ms" });
  // The attempt against its floor: a route() with the attempt's contract that does nothing else.
  const overNoop = (h.attemptCpuMs ?? NaN) / (h.noopCpuMs ?? NaN);
  record({ section, name: "no-op route (attempt contract)", value: h.noopRps ?? NaN, unit: "req/s" });
  record({ section, name: "server CPU per no-op route", value: h.noopCpuMs ?? NaN, unit: "ms" });
  record({
    section,
    name: "CPU no-op/ping",
    value: (h.noopCpuMs ?? NaN) / (h.pingCpuMs ?? NaN),
    unit: "ratio",
  });
  record({
    section,
    name: "CPU attempt/no-op",
    value: overNoop,
    unit: "ratio",
    target: "≤ 1.8",
    met: overNoop <= 1.8,
  });
  console.log(`\n${title}`);
  console.log(
    `    GET /api/ping ${fmt(h.pingRps, 0)} req/s; POST /web/api/challenges/{id}/attempts ${fmt(h.attemptRps, 0)} req/s (p50 ${h.attemptP50} ms, p99 ${h.attemptP99} ms, non-2xx ${h.attemptNon2xx})`,
  );
  console.log(`    ratio attempts/ping ${fmt(h.ratio ?? 0)} (target ≥ 0.6)`);
  console.log(
    `    server CPU per request: ping ${fmt(h.pingCpuMs ?? NaN, 3)} ms, no-op route ${fmt(h.noopCpuMs ?? NaN, 3)} ms (${fmt(h.noopRps ?? NaN, 0)} req/s), attempt ${fmt(h.attemptCpuMs ?? NaN, 3)} ms`,
  );
  console.log(
    `    CPU attempt/no-op ${fmt(overNoop)} (target ≤ 1.8, ${overNoop <= 1.8 ? "met" : "not met"}); no-op/ping ${fmt((h.noopCpuMs ?? NaN) / (h.pingCpuMs ?? NaN))}`,
  );
}

// (a) and (d) first, on the database as a new install has it; (b) then adds a million attempts,
// and (a) runs once more on that larger database for comparison.
if (only.has("a") || only.has("d")) {
  const { benchHttp } = await import("./http");
  const h = await benchHttp(benchEnv, { a: only.has("a"), d: only.has("d") }, httpPort);
  printA(
    h,
    "(a) HTTP, next start, SQLite (new database), offline model + rules evaluator, 50 connections",
    "a",
  );
  if (h.arrivals?.length) {
    // Overhead as players feel it: each attempt's latency minus its own model time.
    console.log(
      "\n(d) players arriving over 1 s (Poisson, seeded), one attempt each, model time 0.8–1.2 s (seeded)",
    );
    for (const r of h.arrivals) {
      const target = r.players <= 200 ? 50 : 100;
      const o = r.overhead;
      record({ section: "d", name: `${r.players} players overhead p50`, value: o.p50, unit: "ms" });
      record({
        section: "d",
        name: `${r.players} players overhead p99`,
        value: o.p99,
        unit: "ms",
        target: `≤ ${target}`,
        met: o.p99 <= target,
      });
      console.log(
        `    ${r.players} players: overhead p50 ${fmt(o.p50, 0)} ms, p95 ${fmt(o.p95, 0)} ms, p99 ${fmt(o.p99, 0)} ms (target p99 ≤ ${target}: ${o.p99 <= target ? "met" : "not met"}), max ${fmt(o.max, 0)} ms; latency p50 ${fmt(r.latency.p50, 0)} ms, p99 ${fmt(r.latency.p99, 0)} ms; completed ${o.n}, failed ${r.failed}; last arrival ${fmt(r.lastArrivalMs, 0)} ms, bench send lag p99 ${fmt(r.sendLateP99, 0)} ms`,
      );
      console.log(
        `      server CPU ${fmt(r.cpuMs, 2)} ms per attempt, last answer after ${fmt(r.wallMs, 0)} ms; overhead p50 by fifth of arrivals: ${r.byFifth.map((x) => fmt(x, 0)).join(" · ")} ms`,
      );
    }
  }
  if (h.slow) {
    console.log(
      `\n(d) stress (no target): ${h.slow.connections} players starting in the same millisecond, submitting again and again for 10 s, model answering after 1 s`,
    );
    console.log(
      `    throughput ${fmt(h.slow.throughput, 1)} attempts/s, p50 ${h.slow.p50} ms, p99 ${h.slow.p99} ms, completed ${h.slow.completed}, non-2xx ${h.slow.non2xx}, server CPU ${fmt(h.slow.cpuMs, 2)} ms per attempt`,
    );
    // The first second's wave waits for the server to take in 200 requests together; later
    // seconds show how far the run settles.
    console.log(
      `    by second sent: ${h.slow.bySecond.map((r) => `${r.second}s ${r.n} p50 ${r.p50} p99 ${r.p99}`).join(" · ")}`,
    );
  }
}

// (e) One attempt in process (submitAttempt through the route handler, no HTTP) on SQLite and,
// when a PostgreSQL server is given, on PostgreSQL: the CPU a deployment's database costs.
if (only.has("e")) {
  const { benchAttemptInProcess } = await import("./attempt-databases");
  const e = await benchAttemptInProcess(process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL);
  console.log(
    "\n(e) one attempt in process (route handler, offline model, rules evaluator), sequential, best of 2 alternating rounds",
  );
  for (const r of e) {
    console.log(`    ${r.database}: ${fmt(r.cpuMs, 3)} ms CPU, ${fmt(r.wallMs, 3)} ms wall per attempt`);
    record({ section: "e", name: `${r.database} CPU per attempt`, value: r.cpuMs, unit: "ms" });
    record({ section: "e", name: `${r.database} wall per attempt`, value: r.wallMs, unit: "ms" });
  }
  const [sqlite, postgres] = e;
  if (sqlite && postgres) {
    const ratios = [
      { name: "PostgreSQL / SQLite CPU per attempt", value: postgres.cpuMs / sqlite.cpuMs, limit: 1.5 },
      { name: "PostgreSQL / SQLite wall per attempt", value: postgres.wallMs / sqlite.wallMs, limit: 2 },
    ];
    for (const r of ratios) {
      const met = r.value <= r.limit;
      console.log(`    ${r.name}: ${fmt(r.value)} (target ≤ ${r.limit}: ${met ? "met" : "not met"})`);
      record({ section: "e", name: r.name, value: r.value, unit: "ratio", target: `≤ ${r.limit}`, met });
    }
  } else
    console.log(
      "    (PostgreSQL skipped: set BENCH_POSTGRES_URL to a server, e.g. postgresql://postgres@127.0.0.1:5432/postgres)",
    );
}

// (rb) Red/blue pairings judged per second beside attempts, in process, 200 concurrent
// submitters, instant model and a model answering after 1 s: tests/bench/red-blue.ts.
if (only.has("rb")) {
  const { spawnSync } = await import("node:child_process");
  const seconds = process.env.BENCH_RB_SECONDS ?? "10";
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/bench/red-blue.ts", "200", seconds],
    { encoding: "utf8", env: { ...process.env, BENCH_DATABASE_URL: "" }, timeout: 900_000 },
  );
  console.log(
    `\n(rb) red/blue pairings judged per second beside attempts, in process, SQLite, 200 concurrent submitters, ${seconds} s each`,
  );
  const lines = (out.stdout ?? "").split("\n").filter((l) => l.startsWith("RB "));
  if (lines.length === 0) console.log(`    failed: ${(out.stderr || out.stdout || "").slice(-2000)}`);
  for (const l of lines) console.log(`    ${l.slice(3)}`);
  const rate = (label: string) =>
    Number(/: ([\d.]+)\/s/.exec(lines.find((l) => l.includes(label)) ?? "")?.[1]);
  for (const model of ["instant model", "model answering after 1 s"]) {
    const ratio = rate(`pairings, ${model}`) / rate(`attempts, ${model}`);
    if (Number.isFinite(ratio)) console.log(`    pairings/attempts, ${model}: ${fmt(ratio)}`);
  }
}

// (arena) Arena over HTTP: two players' ping-pong beside GET /api/ping, and 100 SSE subscribers ×
// 20 messages (tests/bench/arena.ts; needs a production build).
if (only.has("arena")) {
  const { spawnSync } = await import("node:child_process");
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/bench/arena.ts", "500", "100", "20"],
    {
      encoding: "utf8",
      timeout: 600_000,
    },
  );
  console.log("\n(arena) arena over HTTP, next start, SQLite, auth mode, messages persisted");
  const lines = (out.stdout ?? "").split("\n").filter((l) => l.startsWith("ARENA "));
  if (lines.length === 0) console.log(`    failed: ${(out.stderr || out.stdout || "").slice(-2000)}`);
  for (const l of lines) console.log(`    ${l.slice(6)}`);
}

// (streams) 2,000 streamed attempts held open at once against a model streaming for 5 s, with a
// leaderboard read beside them (tests/bench/streams.ts; needs a production build).
if (only.has("streams")) {
  const { spawnSync } = await import("node:child_process");
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/bench/streams.ts"],
    {
      encoding: "utf8",
      timeout: 600_000,
    },
  );
  console.log("\n(streams) open streams, next start, SQLite, one instance");
  const lines = (out.stdout ?? "").split("\n").filter((l) => l.startsWith("STREAMS "));
  if (lines.length === 0) console.log(`    failed: ${(out.stderr || out.stdout || "").slice(-2000)}`);
  for (const l of lines) console.log(`    ${l.slice(8)}`);
}

// (js) Each player page's gzip JavaScript beside the 150 KB budget, from the production build
// (`npm run build` first; NEXT_DIST_DIR picks another build folder): tests/bench/js-budget.ts.
if (only.has("js")) {
  const { spawnSync } = await import("node:child_process");
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/bench/js-budget.ts"],
    { encoding: "utf8", timeout: 300_000 },
  );
  console.log(
    "\n(js) gzip JavaScript per player page (every <script src> of its HTML), next start, budget 150 KB",
  );
  const lines = (out.stdout ?? "").split("\n").filter((l) => l.startsWith("JS "));
  if (lines.length === 0) console.log(`    failed: ${(out.stderr || out.stdout || "").slice(-2000)}`);
  for (const l of lines) console.log(`    ${l.slice(3)}`);
}

// (packs) Pack runs on the job engine, in process, SQLite: 1,000 cases with an instant model, and
// 200 cases against a model answering after 1 s at concurrency 50 (tests/bench/packs.ts).
if (only.has("packs")) {
  const { spawnSync } = await import("node:child_process");
  const out = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/bench/packs.ts"],
    {
      encoding: "utf8",
      env: { ...process.env, BENCH_DATABASE_URL: "" },
      timeout: 600_000,
    },
  );
  console.log("\n(packs) pack runs on the job engine, in process, SQLite");
  const lines = (out.stdout ?? "").split("\n").filter((l) => l.startsWith("PACKS "));
  if (lines.length === 0) console.log(`    failed: ${(out.stderr || out.stdout || "").slice(-2000)}`);
  for (const l of lines) console.log(`    ${l.slice(6)}`);
}

if (only.has("b")) {
  const { benchLeaderboards, seedLeaderboardData } = await import("./leaderboard");
  const t = performance.now();
  const seeded = await seedLeaderboardData(benchEnv.DATABASE_URL);
  console.log(
    `\n(b) leaderboards over 1,000,000 attempts by 20,000 players (seeded in ${fmt((performance.now() - t) / 1000, 1)} s), 300 calls each`,
  );
  console.log(
    "| strategy | entries | page p50 ms | page p95 ms | page+viewer p50 ms | page+viewer p95 ms |\n| --- | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const r of await benchLeaderboards(seeded)) {
    console.log(
      `| ${r.strategy} | ${r.entries} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.viewerP50)} | ${fmt(r.viewerP95)} |`,
    );
    record({
      section: "b",
      name: `${r.strategy} page p95`,
      value: r.p95,
      unit: "ms",
      target: "≤ 5",
      met: r.p95 <= 5,
    });
    record({
      section: "b",
      name: `${r.strategy} page+viewer p95`,
      value: r.viewerP95,
      unit: "ms",
      target: "≤ 5",
      met: r.viewerP95 <= 5,
    });
  }
  console.log("    target: p95 ≤ 5 ms");
}

if (only.has("cal")) {
  const { benchCalibration } = await import("./calibration");
  console.log("\n(cal) judge calibration, 40 examples × 3 samples, in process; consensus of 3 judges vs 1");
  for (const line of await benchCalibration()) console.log(`    ${line}`);
}

// (a-jobs) (a) with the server's in-process job worker off and on (the default), alternated:
// attempt throughput must not suffer from the worker delivering the attempts' events.
if (only.has("a-jobs")) {
  const { benchHttp } = await import("./http");
  const rows: string[] = [];
  for (const worker of ["off", "inline", "off", "inline"]) {
    const h = await benchHttp(benchEnv, { a: true, d: false }, httpPort, {
      serverEnv: { JOBS_WORKER: worker },
    });
    rows.push(
      `| JOBS_WORKER=${worker} | ${fmt(h.attemptRps ?? NaN, 0)} | ${fmt(h.ratio ?? NaN)} | ${h.attemptP99} | ${fmt(h.attemptCpuMs ?? NaN, 3)} |`,
    );
  }
  console.log("\n(a-jobs) (a) with the in-process job worker off and on, alternated");
  console.log(
    "| server | attempts/s | ratio attempts/ping | p99 ms | server CPU ms/attempt |\n| --- | ---: | ---: | ---: | ---: |",
  );
  for (const r of rows) console.log(r);
}

// (events) Events delivered per second end to end (outbox row → webhook received), 1,000
// queued, on SQLite and (with BENCH_POSTGRES_URL) PostgreSQL: tests/bench/events.ts per database.
if (only.has("events")) {
  const { benchEvents } = await import("./events-databases");
  console.log(
    "\n(events) 1,000 queued notification events, worker started, until a local webhook receiver has each once",
  );
  for (const line of await benchEvents(process.env.BENCH_POSTGRES_URL)) console.log(`    ${line}`);
}

// (rw) Board reads under a writer process's attempts, SQLite and PostgreSQL: tests/bench/reads-under-writes.ts.
if (only.has("rw")) {
  const { spawnSync } = await import("node:child_process");
  const rw = ["--conditions=react-server", "--import", "tsx", "tests/bench/reads-under-writes.ts"];
  spawnSync(process.execPath, rw, { stdio: "inherit", timeout: 1_800_000 });
}

// PostgreSQL sections (a-pg, a-2x, b-pg) run in a process of their own: tests/bench/postgres.ts.
const pgSections = ["a-pg", "a-2x", "b-pg"].filter((x) => only.has(x));
if (pgSections.length) {
  if (!process.env.BENCH_POSTGRES_URL) {
    console.log(
      `\n(${pgSections.join(", ")}) skipped: set BENCH_POSTGRES_URL to a server, e.g. postgresql://postgres@127.0.0.1:5432/postgres`,
    );
  } else {
    const { spawnSync } = await import("node:child_process");
    const child = spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/bench/postgres.ts"],
      {
        stdio: "inherit",
        env: { ...process.env, BENCH_ONLY: pgSections.join(","), BENCH_DATA_DIR: dir },
      },
    );
    if (child.status !== 0) {
      console.error(
        `bench failed: PostgreSQL sections (${pgSections.join(", ")}) exited with ${child.status ?? child.signal}`,
      );
      process.exitCode = 1;
    }
  }
}

if (only.has("a") && only.has("b")) {
  const { benchHttp } = await import("./http");
  const h = await benchHttp(benchEnv, { a: true, d: false }, httpPort);
  printA(h, "(a, again) the same after (b): the database now holds 1,000,000 more attempts", "a-again");
}
if (jsonOut) {
  writeFileSync(jsonOut, `${JSON.stringify(readRecords(recordFile), null, 2)}\n`);
  console.log(`\nresults written to ${jsonOut}`);
}
process.exit(process.exitCode ?? 0);
