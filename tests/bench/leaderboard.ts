// (b) Leaderboard latency for every strategy at 1,000,000 attempts by 20,000 players.
// Rows are bulk-inserted with raw SQL (the app's own write path is measured elsewhere); the
// materialized best-per-player entries are computed here exactly as the scoring rules define.
import { randomUUID } from "node:crypto";
import { openSqlite } from "../../lib/migrate";
import type { getChallengeLeaderboard as getChallengeLeaderboardType } from "../../lib/services/leaderboards";
import { summarize } from "./stats";

const STRATEGIES = ["first", "fastest", "fewest_tokens", "highest_rating", "custom"] as const;
type Strategy = (typeof STRATEGIES)[number];

export interface LeaderboardBenchResult {
  strategy: Strategy;
  entries: number;
  p50: number;
  p95: number;
  viewerP50: number;
  viewerP95: number;
  /** The same calls through the baseline read, when one is given, alternated with these. */
  baseline?: { p50: number; p95: number; viewerP50: number; viewerP95: number };
}

type BoardRead = typeof getChallengeLeaderboardType;

// Deterministic pseudo-random numbers so every run measures the same data.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

interface Best {
  attemptId: string;
  score: number;
  elapsed: number;
  tokens: number;
  rating: number;
  at: number;
  count: number;
}

function better(strategy: Strategy, a: Omit<Best, "count">, b: Best): boolean {
  const key = (x: Omit<Best, "count">) =>
    strategy === "first"
      ? 0
      : strategy === "fastest"
        ? x.elapsed
        : strategy === "fewest_tokens"
          ? x.tokens
          : strategy === "highest_rating"
            ? -x.rating
            : -x.score;
  return key(a) < key(b) || (key(a) === key(b) && (a.at < b.at || (a.at === b.at && a.attemptId < b.attemptId)));
}

export async function seedLeaderboardData(url: string, players = 20_000, attempts = 1_000_000) {
  const { db } = await import("../../lib/db");
  const ws = await db.workspace.create({ data: { name: "Bench", slug: `bench-${Date.now()}` } });
  const app = await db.app.create({ data: { workspaceId: ws.id, name: "Bench app" } });
  const challenges = await Promise.all(
    STRATEGIES.map((s) =>
      db.challenge.create({
        data: { workspaceId: ws.id, appId: app.id, name: `Bench ${s}`, goal: "g", scoringStrategy: s },
      }),
    ),
  );

  const conn = openSqlite(url);
  const rand = rng(42);
  const now = Date.now();
  const accountIds: string[] = [];
  const endUserIds: string[] = [];
  conn.transaction(() => {
    const acc = conn.prepare(
      `INSERT INTO accounts (id, email, name, status, interface_language, created_at, updated_at) VALUES (?, ?, ?, 'active', 'en', ?, ?)`,
    );
    const eu = conn.prepare(`INSERT INTO end_users (id, tenant_id, account_id, type, created_at) VALUES (?, ?, ?, 'account', ?)`);
    for (let i = 0; i < players; i++) {
      const a = randomUUID();
      const e = randomUUID();
      acc.run(a, `p${i}@bench.test`, `Player ${i}`, iso(now), iso(now));
      eu.run(e, ws.id, a, iso(now));
      accountIds.push(a);
      endUserIds.push(e);
    }
  })();

  const perChallenge = Math.floor(attempts / challenges.length);
  const insertAttempt = conn.prepare(
    `INSERT INTO challenge_attempts (id, tenant_id, challenge_id, end_user_id, account_id, status, succeeded, score, judge_rating, tokens_total, judge_tokens_total, elapsed_ms, created_at)
     VALUES (?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?, 0, ?, ?)`,
  );
  const insertEntry = conn.prepare(
    `INSERT INTO challenge_leaderboard_entries (id, challenge_id, end_user_id, account_id, best_attempt_id, score, elapsed_ms, tokens_total, judge_rating, achieved_at, attempts_count, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  challenges.forEach((ch, ci) => {
    const strategy = STRATEGIES[ci]!;
    const best = new Map<number, Best>();
    const counts = new Uint32Array(players);
    conn.transaction(() => {
      for (let k = 0; k < perChallenge; k++) {
        const p = Math.floor(rand() * players);
        counts[p]!++;
        const id = randomUUID();
        const succeeded = rand() < 0.35;
        const elapsed = 200 + Math.floor(rand() * 5000);
        const tokens = 20 + Math.floor(rand() * 900);
        const rating = Math.floor(rand() * 11);
        const at = now - 86_400_000 + k * 10;
        const score = strategy === "custom" ? Math.round(rand() * 10_000) / 10 : 100;
        insertAttempt.run(id, ws.id, ch.id, endUserIds[p], accountIds[p], succeeded ? 1 : 0, succeeded ? score : null, rating, tokens, elapsed, iso(at));
        if (!succeeded) continue;
        const cand = { attemptId: id, score, elapsed, tokens, rating, at };
        const cur = best.get(p);
        if (!cur || better(strategy, cand, cur)) best.set(p, { ...cand, count: 0 });
      }
      for (const [p, b] of best) {
        insertEntry.run(randomUUID(), ch.id, endUserIds[p], accountIds[p], b.attemptId, b.score, b.elapsed, b.tokens, b.rating, iso(b.at), counts[p], iso(now));
      }
    })();
  });
  conn.pragma("optimize");
  conn.exec("ANALYZE");
  // Seeding a million rows at once leaves a write-ahead log of hundreds of MB that every later
  // read must search; an app that gathered them over time would have checkpointed long ago.
  conn.pragma("wal_checkpoint(TRUNCATE)");
  conn.close();
  return { challenges: challenges.map((c, i) => ({ id: c.id, strategy: STRATEGIES[i]! })), accountIds };
}

export async function benchLeaderboards(
  seeded: Awaited<ReturnType<typeof seedLeaderboardData>>,
  calls = 300,
  baselineRead?: BoardRead,
): Promise<LeaderboardBenchResult[]> {
  const { getChallengeLeaderboard } = await import("../../lib/services/leaderboards");
  const { db } = await import("../../lib/db");
  const rand = rng(7);
  const out: LeaderboardBenchResult[] = [];
  const reads = baselineRead ? [getChallengeLeaderboard, baselineRead] : [getChallengeLeaderboard];
  for (const { id, strategy } of seeded.challenges) {
    const entries = await db.challengeLeaderboardEntry.count({ where: { challengeId: id } });
    // Warm-up, of the page with and without a viewer (the viewer's first read of a large board
    // also loads its rank snapshot, which later reads reuse for a few seconds).
    for (const read of reads) {
      for (let i = 0; i < 30; i++) {
        await read(id, { limit: 20 });
        await read(id, { limit: 20, viewerAccountId: seeded.accountIds[i % seeded.accountIds.length]! });
      }
    }
    const plain: number[][] = reads.map(() => []);
    const withViewer: number[][] = reads.map(() => []);
    for (let i = 0; i < calls; i++) {
      // Mostly the first page, sometimes deeper pages, as people browse.
      const offset = i % 5 === 0 ? Math.floor(rand() * 50) * 20 : 0;
      const viewer = seeded.accountIds[Math.floor(rand() * seeded.accountIds.length)]!;
      // The same calls through each read, the read that goes first alternating.
      for (let k = 0; k < reads.length; k++) {
        const r = (i + k) % reads.length;
        const read = reads[r]!;
        let t = performance.now();
        await read(id, { limit: 20, offset });
        plain[r]!.push(performance.now() - t);
        t = performance.now();
        await read(id, { limit: 20, viewerAccountId: viewer });
        withViewer[r]!.push(performance.now() - t);
      }
    }
    const [a, b] = [summarize(plain[0]!), summarize(withViewer[0]!)];
    const result: LeaderboardBenchResult = { strategy, entries, p50: a.p50, p95: a.p95, viewerP50: b.p50, viewerP95: b.p95 };
    if (baselineRead) {
      const [c, d] = [summarize(plain[1]!), summarize(withViewer[1]!)];
      result.baseline = { p50: c.p50, p95: c.p95, viewerP50: d.p50, viewerP95: d.p95 };
    }
    out.push(result);
  }
  return out;
}
