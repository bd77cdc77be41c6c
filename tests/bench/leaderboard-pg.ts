// (b-pg) seeding: the same shape of data as leaderboard.ts's SQLite seeding (players spread at
// random over five challenges, one per strategy; 35% of attempts succeed; the materialized best
// entry per player computed as the strategy orders them), generated inside PostgreSQL with
// generate_series so ten million rows take minutes, not hours. Deterministic (setseed).
import pg from "pg";

const STRATEGIES = ["first", "fastest", "fewest_tokens", "highest_rating", "custom"] as const;
type Strategy = (typeof STRATEGIES)[number];

const ORDER: Record<Strategy, string> = {
  first: "",
  fastest: "elapsed_ms,",
  fewest_tokens: "tokens_total,",
  highest_rating: "judge_rating DESC,",
  custom: "score DESC,",
};

type Seeded = { challenges: { id: string; strategy: Strategy }[]; accountIds: string[] };

const seedSlug = (players: number, attempts: number) => `bench-pg-${players}-${attempts}`;

// Seeded players are p<i>@bench.test; (a-pg) adds its own (fast-…@bench.test) to the same database.
const seedPlayer = { AND: [{ email: { startsWith: "p" } }, { email: { endsWith: "@bench.test" } }] };

async function benchAccounts(): Promise<string[]> {
  const { db } = await import("../../lib/db");
  const accounts = await db.account.findMany({ where: seedPlayer, select: { id: true } });
  return accounts.map((a) => a.id);
}

/** A seed of the same sizes left in the database by an earlier run (BENCH_PG_DATABASE), or null. */
export async function seededLeaderboardDataPg(players: number, attempts: number): Promise<Seeded | null> {
  const { db } = await import("../../lib/db");
  const ws = await db.workspace.findFirst({ where: { slug: seedSlug(players, attempts) }, select: { id: true } });
  if (!ws) return null;
  const found = await db.challenge.findMany({ where: { workspaceId: ws.id }, select: { id: true, scoringStrategy: true } });
  const challenges = STRATEGIES.map((strategy) => {
    const c = found.find((x) => x.scoringStrategy === strategy);
    if (!c) throw new Error(`The kept bench database has no ${strategy} challenge: drop it and seed again`);
    return { id: c.id, strategy };
  });
  return { challenges, accountIds: await benchAccounts() };
}

export async function seedLeaderboardDataPg(players: number, attempts: number): Promise<Seeded> {
  const { db } = await import("../../lib/db");
  const existing = await db.account.count({ where: seedPlayer });
  if (existing > 0) throw new Error("The bench database already holds another seed: drop it first");
  // The slug names the sizes only once the seed is complete, so an interrupted seed is not reused.
  const ws = await db.workspace.create({ data: { name: "Bench", slug: `bench-${Date.now()}` } });
  const app = await db.app.create({ data: { workspaceId: ws.id, name: "Bench app" } });
  const challenges = [];
  for (const s of STRATEGIES) {
    challenges.push(
      await db.challenge.create({ data: { workspaceId: ws.id, appId: app.id, name: `Bench ${s}`, goal: "g", scoringStrategy: s } }),
    );
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off");
    await client.query(
      `INSERT INTO accounts (id, email, name, status, interface_language, created_at, updated_at)
       SELECT md5('a' || i)::uuid::text, 'p' || i || '@bench.test', 'Player ' || i, 'active', 'en', now(), now()
       FROM generate_series(0, $1::int - 1) i`,
      [players],
    );
    await client.query(
      `INSERT INTO end_users (id, tenant_id, account_id, type, created_at)
       SELECT md5('e' || i)::uuid::text, $2, md5('a' || i)::uuid::text, 'account', now()
       FROM generate_series(0, $1::int - 1) i`,
      [players, ws.id],
    );
    const perChallenge = Math.floor(attempts / STRATEGIES.length);
    for (const [ci, ch] of challenges.entries()) {
      const strategy = STRATEGIES[ci]!;
      await client.query(`SELECT setseed(${(ci + 1) / 10})`);
      await client.query(
        `INSERT INTO challenge_attempts (id, tenant_id, challenge_id, end_user_id, account_id, status, succeeded, score,
                                         judge_rating, tokens_total, judge_tokens_total, elapsed_ms, created_at)
         SELECT gen_random_uuid()::text, $1, $2, md5('e' || p)::uuid::text, md5('a' || p)::uuid::text, 'completed', ok,
                CASE WHEN ok THEN score END, rating, tokens, 0, elapsed, at
         FROM (SELECT floor(random() * $3::int)::int AS p, random() < 0.35 AS ok,
                      200 + floor(random() * 5000)::int AS elapsed, 20 + floor(random() * 900)::int AS tokens,
                      floor(random() * 11)::int AS rating,
                      now() - interval '1 day' + k * interval '10 milliseconds' AS at,
                      CASE WHEN $5 THEN round((random() * 10000)::numeric) / 10 ELSE 100 END AS score
               FROM generate_series(0, $4::int - 1) k) x`,
        [ws.id, ch.id, players, perChallenge, strategy === "custom"],
      );
      await client.query(
        `WITH counts AS (SELECT end_user_id, count(*)::int AS c FROM challenge_attempts WHERE challenge_id = $1 GROUP BY end_user_id),
              best AS (SELECT DISTINCT ON (end_user_id) * FROM challenge_attempts WHERE challenge_id = $1 AND succeeded
                       ORDER BY end_user_id, ${ORDER[strategy]} created_at, id)
         INSERT INTO challenge_leaderboard_entries (id, challenge_id, end_user_id, account_id, best_attempt_id, score, elapsed_ms,
                                                    tokens_total, judge_rating, achieved_at, attempts_count, updated_at)
         SELECT gen_random_uuid()::text, $1, b.end_user_id, b.account_id, b.id, b.score, b.elapsed_ms, b.tokens_total,
                b.judge_rating, b.created_at, counts.c, now()
         FROM best b JOIN counts USING (end_user_id)`,
        [ch.id],
      );
    }
    // VACUUM as well: the visibility map a long-lived database has (index-only counts), and no
    // autovacuum of ten million fresh rows starting in the middle of the measurements.
    await client.query("VACUUM (ANALYZE)");
  } finally {
    await client.end();
  }
  await db.workspace.update({ where: { id: ws.id }, data: { slug: seedSlug(players, attempts) } });
  return { challenges: challenges.map((c, i) => ({ id: c.id, strategy: STRATEGIES[i]! })), accountIds: await benchAccounts() };
}
