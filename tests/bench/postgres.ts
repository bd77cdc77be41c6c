// The PostgreSQL sections of `npm run bench`, run by run.ts in a process of their own (the app
// modules read DATABASE_URL once): a fresh database on BENCH_POSTGRES_URL's server, dropped at
// the end.
//   (a-pg)  (a) on PostgreSQL, one instance
//   (a-2x)  (a) on PostgreSQL, two instances behind a round-robin proxy: per instance and total
//   (b-pg)  (b) on PostgreSQL, BENCH_PG_ATTEMPTS attempts by BENCH_PG_PLAYERS players
//           (defaults 10,000,000 and 200,000)
// BENCH_PG_DATABASE=<name> uses that database instead of a throwaway one and keeps it: b-pg then
// seeds it once and reuses the seed on later runs (to iterate on a query without re-seeding).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { record } from "./record";
import { fmt } from "./stats";

// A failure prints one line for run.ts's log (BENCH_DEBUG=1: the whole stack) and exits non-zero.
const failed = (err: unknown) => `bench failed: ${process.env.BENCH_DEBUG ? String((err as Error)?.stack ?? err) : String((err as Error)?.message ?? err)}`;
process.on("uncaughtException", (err) => {
  console.error(failed(err));
  process.exit(1);
});

const server = process.env.BENCH_POSTGRES_URL;
if (!server) throw new Error("BENCH_POSTGRES_URL is not set");
const only = new Set((process.env.BENCH_ONLY ?? "").split(","));
const kept = process.env.BENCH_PG_DATABASE;
if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error("BENCH_PG_DATABASE: lower-case letters, digits and _ only");
const name = kept ?? `gauntlet_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount! > 0;
if (!exists) await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;

const benchEnv = {
  DATABASE_URL: url.toString(),
  AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789abcdef",
  ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
  APP_URL: "http://127.0.0.1:3421",
  RATE_LIMIT_STORE: "database",
  DATA_DIR: process.env.BENCH_DATA_DIR ?? "/tmp",
};
Object.assign(process.env, benchEnv, { LOG_LEVEL: "silent" });

try {
  const { migrate } = await import("../../lib/migrate");
  await migrate(benchEnv.DATABASE_URL);
  const { benchHttp } = await import("./http");
  if (only.has("a-pg")) {
    const h = await benchHttp(benchEnv, { a: true, d: false }, 3421);
    console.log("\n(a-pg) HTTP, next start, PostgreSQL, one instance, 50 connections");
    console.log(`    attempts ${fmt(h.attemptRps ?? NaN, 0)}/s (p50 ${h.attemptP50} ms, p99 ${h.attemptP99} ms, non-2xx ${h.attemptNon2xx}); ping ${fmt(h.pingRps ?? NaN, 0)}/s; ratio ${fmt(h.ratio ?? NaN)}`);
    console.log(`    server CPU per attempt ${fmt(h.attemptCpuMs ?? NaN, 3)} ms`);
    record({ section: "a-pg", name: "attempts", value: h.attemptRps ?? NaN, unit: "req/s" });
    record({ section: "a-pg", name: "attempt p50", value: h.attemptP50 ?? NaN, unit: "ms" });
    record({ section: "a-pg", name: "attempt p99", value: h.attemptP99 ?? NaN, unit: "ms" });
    record({ section: "a-pg", name: "attempt non-2xx", value: h.attemptNon2xx ?? NaN, unit: "count" });
    record({ section: "a-pg", name: "GET /api/ping", value: h.pingRps ?? NaN, unit: "req/s" });
    record({ section: "a-pg", name: "ratio attempts/ping", value: h.ratio ?? NaN, unit: "ratio" });
    record({ section: "a-pg", name: "server CPU per attempt", value: h.attemptCpuMs ?? NaN, unit: "ms" });
  }
  if (only.has("a-2x")) {
    const h = await benchHttp(benchEnv, { a: true, d: false }, 3431, { instances: 2 });
    console.log("\n(a-2x) HTTP, two `next start` instances on one PostgreSQL database behind a round-robin proxy, 50 connections");
    console.log(`    attempts ${fmt(h.attemptRps ?? NaN, 0)}/s in total; per instance ${(h.perInstanceRps ?? []).map((r) => fmt(r, 0)).join(" + ")}/s (p50 ${h.attemptP50} ms, p99 ${h.attemptP99} ms, non-2xx ${h.attemptNon2xx})`);
    console.log(`    ping ${fmt(h.pingRps ?? NaN, 0)}/s; ratio ${fmt(h.ratio ?? NaN)}; server CPU per attempt (both) ${fmt(h.attemptCpuMs ?? NaN, 3)} ms`);
    record({ section: "a-2x", name: "attempts", value: h.attemptRps ?? NaN, unit: "req/s" });
    (h.perInstanceRps ?? []).forEach((r, i) => record({ section: "a-2x", name: `attempts, instance ${i + 1}`, value: r, unit: "req/s" }));
    record({ section: "a-2x", name: "attempt p99", value: h.attemptP99 ?? NaN, unit: "ms" });
    record({ section: "a-2x", name: "server CPU per attempt", value: h.attemptCpuMs ?? NaN, unit: "ms" });
    console.log("    (one 2-core machine runs both instances, the proxy, the load generator and PostgreSQL: this shows the instances share one database correctly, not how a second machine scales)");
  }
  if (only.has("b-pg")) {
    const { seedLeaderboardDataPg, seededLeaderboardDataPg } = await import("./leaderboard-pg");
    const { benchLeaderboards } = await import("./leaderboard");
    const players = Number(process.env.BENCH_PG_PLAYERS ?? 200_000);
    const attempts = Number(process.env.BENCH_PG_ATTEMPTS ?? 10_000_000);
    const t = performance.now();
    const reused = kept ? await seededLeaderboardDataPg(players, attempts) : null;
    const seeded = reused ?? (await seedLeaderboardDataPg(players, attempts));
    const how = reused ? `seed reused from ${name}` : `seeded in ${fmt((performance.now() - t) / 1000, 1)} s`;
    console.log(`\n(b-pg) leaderboards on PostgreSQL over ${attempts.toLocaleString("en")} attempts by ${players.toLocaleString("en")} players (${how}), 300 calls each, alternated with the stepwise read`);
    // The stepwise read (a statement at a time, as before the one-statement read) side by side.
    const { getChallengeLeaderboardStepwise } = await import("../../lib/services/leaderboards/challenge-board");
    console.log("| strategy | entries | page p50 ms | page p95 ms | page+viewer p50 ms | page+viewer p95 ms | stepwise page p50 / p95 ms | stepwise page+viewer p50 / p95 ms | page+viewer p95 one statement / stepwise |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const r of await benchLeaderboards(seeded, 300, getChallengeLeaderboardStepwise)) {
      const b = r.baseline!;
      console.log(`| ${r.strategy} | ${r.entries} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.viewerP50)} | ${fmt(r.viewerP95)} | ${fmt(b.p50)} / ${fmt(b.p95)} | ${fmt(b.viewerP50)} / ${fmt(b.viewerP95)} | ${fmt(r.viewerP95 / b.viewerP95)} |`);
      record({ section: "b-pg", name: `${r.strategy} page p95`, value: r.p95, unit: "ms" });
      record({ section: "b-pg", name: `${r.strategy} page+viewer p95`, value: r.viewerP95, unit: "ms", target: "≤ 1", met: r.viewerP95 <= 1 });
      record({ section: "b-pg", name: `${r.strategy} stepwise page+viewer p95`, value: b.viewerP95, unit: "ms" });
    }
    console.log("    target: page + viewer rank p95 ≤ 1 ms");
  }
} catch (err) {
  console.error(failed(err));
  process.exitCode = 1;
} finally {
  // benchHttp has stopped its servers (and waited for them) by now: close this process's
  // connections, then drop the database.
  const { disconnectDb } = await import("../../lib/db");
  await disconnectDb().catch(() => undefined);
  if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
process.exit(process.exitCode ?? 0);
