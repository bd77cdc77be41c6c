// Leaderboard reads: paging (offset and cursor agree), the viewer's own row, input errors,
// hidden challenges/collections, and collection boards equal to a recomputation from the
// per-challenge bests.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { clearCollectionScoreCache, type CollectionMetrics } from "@/lib/scoring/collection-custom";
import { recordAttemptInTransaction } from "@/lib/services/attempts";
import { getChallengeLeaderboard, getCollectionLeaderboard } from "@/lib/services/leaderboards";
import { makeApp, makeChallenge, makeCollection, makePlugin } from "@/tests/helpers/factories";
import type { CollectionStrategyName } from "@/lib/scoring/types";

type Player = { endUserId: string; accountId: string; name: string };

async function makePlayers(workspaceId: string, n: number, profile = true): Promise<Player[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    endUserId: randomUUID(),
    name: `Player ${String(i).padStart(3, "0")}`,
  }));
  await db.account.createMany({
    data: rows.map((r) => ({ id: r.id, email: `${r.id}@example.test`, name: `Real Name ${r.name}` })),
  });
  if (profile) await db.playerProfile.createMany({ data: rows.map((r) => ({ accountId: r.id, displayName: r.name })) });
  await db.endUser.createMany({ data: rows.map((r) => ({ id: r.endUserId, workspaceId, accountId: r.id })) });
  return rows.map((r) => ({ endUserId: r.endUserId, accountId: r.id, name: r.name }));
}

type ChallengeRow = Awaited<ReturnType<typeof makeChallenge>>;
const record = (challenge: ChallengeRow, p: Player, m: { elapsedMs: number; tokensTotal?: number; judgeRating?: number | null; customScore?: number }) =>
  recordAttemptInTransaction({
    challenge,
    endUserId: p.endUserId,
    accountId: p.accountId,
    status: "completed",
    succeeded: true,
    tokensTotal: 10,
    ...m,
  });

describe("challenge leaderboard", () => {
  it("pages by offset and by cursor alike, and places the viewer outside the page", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id, scoringStrategy: "fastest" });
    const players = await makePlayers(app.workspaceId, 45);
    // Sequential so the expected order is known: elapsed collides in groups of three.
    for (const [i, p] of players.entries()) await record(challenge, p, { elapsedMs: 1000 + Math.floor(i / 3) * 10 });

    const byOffset = [];
    for (let offset = 0; offset < 45; offset += 10) {
      byOffset.push(...(await getChallengeLeaderboard(challenge.id, { limit: 10, offset })).rows);
    }
    const byCursor = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await getChallengeLeaderboard(challenge.id, { limit: 10, cursor });
      expect(page.total).toBe(45);
      byCursor.push(...page.rows);
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(byCursor).toEqual(byOffset);
    expect(byOffset.map((r) => r.rank)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    // Equal times: the earlier achievement ranks first, so the recording order is the board.
    expect(byOffset.map((r) => r.account_id)).toEqual(players.map((p) => p.accountId));
    expect(byOffset.map((r) => r.display_name)).toEqual(players.map((p) => p.name));

    const viewer = players[37]!;
    const page = await getChallengeLeaderboard(challenge.id, { limit: 5, viewerAccountId: viewer.accountId });
    expect(page.rows).toHaveLength(5);
    expect(page.viewer).toEqual(byOffset[37]);
    expect(page.viewer?.rank).toBe(38);
    const onPage = await getChallengeLeaderboard(challenge.id, { limit: 5, viewerAccountId: players[2]!.accountId });
    expect(onPage.viewer).toEqual(onPage.rows[2]);
    const outsider = await getChallengeLeaderboard(challenge.id, { limit: 5, viewerAccountId: randomUUID() });
    expect(outsider.viewer).toBeNull();
  });

  it("shows one row per player with their best and their completed attempts", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id, scoringStrategy: "fewest_tokens" });
    const [a, b] = await makePlayers(app.workspaceId, 2, false);
    await record(challenge, a!, { elapsedMs: 10, tokensTotal: 30 });
    await record(challenge, b!, { elapsedMs: 10, tokensTotal: 20 });
    await record(challenge, a!, { elapsedMs: 99, tokensTotal: 15 });
    await recordAttemptInTransaction({ challenge, endUserId: a!.endUserId, accountId: a!.accountId, status: "completed", succeeded: false, tokensTotal: 1 });
    const board = await getChallengeLeaderboard(challenge.id);
    expect(board.scoring_strategy).toBe("fewest_tokens");
    expect(board.rows).toEqual([
      expect.objectContaining({ rank: 1, account_id: a!.accountId, tokens_total: 15, elapsed_ms: 99, score: 15, attempts: 3, display_name: `Real Name ${a!.name}` }),
      expect.objectContaining({ rank: 2, account_id: b!.accountId, tokens_total: 20, score: 20, attempts: 1 }),
    ]);
    expect(Number.isNaN(Date.parse(board.rows[0]!.achieved_at))).toBe(false);
  });

  it.each([
    { name: "limit above 100", opts: { limit: 101 } },
    { name: "limit 0", opts: { limit: 0 } },
    { name: "a fractional limit", opts: { limit: 2.5 } },
    { name: "a negative offset", opts: { offset: -1 } },
    { name: "a forged cursor", opts: { cursor: "not-a-cursor" } },
    { name: "a cursor with the wrong shape", opts: { cursor: Buffer.from('{"a":1}').toString("base64url") } },
  ])("refuses $name with validation_failed", async ({ opts }) => {
    const challenge = await makeChallenge();
    await expect(getChallengeLeaderboard(challenge.id, opts)).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("is not found for unknown and inactive challenges (unless asked for hidden ones)", async () => {
    await expect(getChallengeLeaderboard(randomUUID())).rejects.toMatchObject({ code: "not_found" });
    const inactive = await makeChallenge({ isActive: false });
    await expect(getChallengeLeaderboard(inactive.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getChallengeLeaderboard(inactive.id, { includeHidden: true })).resolves.toMatchObject({ total: 0, rows: [] });
  });
});

describe("collection leaderboard", () => {
  async function scenario() {
    const app = await makeApp();
    const fast = await makeChallenge({ appId: app.id, scoringStrategy: "fastest", points: 100 });
    const rated = await makeChallenge({ appId: app.id, scoringStrategy: "highest_rating", points: 50 });
    const custom = await makeChallenge({ appId: app.id, scoringStrategy: "custom", points: 999 });
    const outside = await makeChallenge({ appId: app.id, scoringStrategy: "first", points: 1000 });
    const collection = await makeCollection({ appId: app.id });
    await db.challengeCollectionItem.createMany({
      data: [fast, rated, custom].map((c, position) => ({ collectionId: collection.id, challengeId: c.id, position })),
    });
    const players = await makePlayers(app.workspaceId, 40);
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    await Promise.all(
      players.map(async (p) => {
        if (next(4) > 0) await record(fast, p, { elapsedMs: 100 + next(5) * 100, tokensTotal: 5 + next(3) });
        if (next(3) > 0) await record(rated, p, { elapsedMs: 300, tokensTotal: 7, judgeRating: next(5) === 0 ? null : 5 + next(4) });
        if (next(2) > 0) await record(custom, p, { elapsedMs: 200 + next(3), tokensTotal: 9, customScore: next(4) * 2.5 });
        if (next(2) > 0) await record(outside, p, { elapsedMs: 1, tokensTotal: 1 });
      }),
    );
    return { app, collection, players, challenges: [fast, rated, custom] };
  }

  // Independent recomputation from the materialized per-challenge bests.
  async function recompute(challengeIds: string[], strategy: Exclude<CollectionStrategyName, "custom">) {
    const challenges = await db.challenge.findMany({ where: { id: { in: challengeIds } } });
    const entries = await db.challengeLeaderboardEntry.findMany({ where: { challengeId: { in: challengeIds } } });
    const by = new Map<string, typeof entries>();
    for (const e of entries) by.set(e.endUserId, [...(by.get(e.endUserId) ?? []), e]);
    const rows = [...by.entries()].map(([endUserId, es]) => {
      const rated = es.filter((e) => e.judgeRating !== null);
      return {
        endUserId,
        account_id: es[0]!.accountId,
        solved: es.length,
        points: es.reduce((s, e) => {
          const c = challenges.find((c) => c.id === e.challengeId)!;
          return s + (c.scoringStrategy === "custom" ? e.score! : c.points);
        }, 0),
        elapsed: es.reduce((s, e) => s + e.elapsedMs!, 0),
        tokens: es.reduce((s, e) => s + e.tokensTotal!, 0),
        avg: rated.length ? rated.reduce((s, e) => s + e.judgeRating!, 0) / rated.length : null,
        last: Math.max(...es.map((e) => e.achievedAt.getTime())),
      };
    });
    type R = (typeof rows)[number];
    const tail = (a: R, b: R) => a.last - b.last || (a.endUserId < b.endUserId ? -1 : 1);
    const order: Record<typeof strategy, (a: R, b: R) => number> = {
      sum: (a, b) => b.points - a.points || b.solved - a.solved || tail(a, b),
      fastest_total: (a, b) => b.solved - a.solved || a.elapsed - b.elapsed || tail(a, b),
      fewest_tokens_total: (a, b) => b.solved - a.solved || a.tokens - b.tokens || tail(a, b),
      highest_avg_rating: (a, b) => (b.avg ?? -1) - (a.avg ?? -1) || b.solved - a.solved || tail(a, b),
    };
    const score = { sum: (r: R) => r.points, fastest_total: (r: R) => r.elapsed, fewest_tokens_total: (r: R) => r.tokens, highest_avg_rating: (r: R) => r.avg };
    return rows.sort(order[strategy]).map((r, i) => ({ rank: i + 1, account_id: r.account_id, solved: r.solved, score: score[strategy](r), achieved_at: new Date(r.last).toISOString() }));
  }

  it.each(["sum", "fastest_total", "fewest_tokens_total", "highest_avg_rating"] as const)(
    "%s equals the recomputation from the per-challenge bests",
    async (strategy) => {
      const { collection, challenges } = await scenario();
      await db.challengeCollection.update({ where: { id: collection.id }, data: { scoringStrategy: strategy } });
      const expected = await recompute(challenges.map((c) => c.id), strategy);
      const rows = [];
      for (let offset = 0; offset < expected.length; offset += 15) {
        const page = await getCollectionLeaderboard(collection.id, { limit: 15, offset });
        expect(page.total).toBe(expected.length);
        expect(page.scoring_strategy).toBe(strategy);
        rows.push(...page.rows);
      }
      expect(rows.map((r) => ({ rank: r.rank, account_id: r.account_id, solved: r.solved, score: r.score, achieved_at: r.achieved_at }))).toEqual(expected);
      expect(rows.every((r) => r.attempts === r.solved && r.display_name.startsWith("Player "))).toBe(true);
    },
  );

  it("places the viewer beyond the page", async () => {
    const { collection } = await scenario();
    const all = await getCollectionLeaderboard(collection.id, { limit: 100 });
    const target = all.rows.at(-1)!;
    const page = await getCollectionLeaderboard(collection.id, { limit: 3, viewerAccountId: target.account_id });
    expect(page.rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(page.viewer).toEqual(target);
  });

  it("custom: ranks players by the scorer's result on their per-challenge metrics", async () => {
    clearCollectionScoreCache();
    const { collection, challenges } = await scenario();
    await db.challengeCollection.update({ where: { id: collection.id }, data: { scoringStrategy: "custom", scoringPluginId: "x" } });
    const seen: CollectionMetrics[][] = [];
    let failFor: string | null = null;
    const scorer = (_c: unknown, metrics: CollectionMetrics[], ctx: { endUserId: string }) => {
      seen.push(metrics);
      if (ctx.endUserId === failFor) return Promise.reject(new Error("plugin crashed"));
      return Promise.resolve(metrics.reduce((s, m) => s + 1000 - (m.elapsed_ms ?? 0), 0));
    };
    const board = await getCollectionLeaderboard(collection.id, { limit: 100, scorer });
    expect(board.total).toBe(board.rows.length);
    const scores = board.rows.map((r) => r.score!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const ids = new Set(challenges.map((c) => c.id));
    for (const list of seen) {
      expect(list.every((m) => ids.has(m.challenge_id) && m.succeeded && typeof m.created_at === "number")).toBe(true);
      expect(list.map((m) => m.challenge_id)).toEqual([...list.map((m) => m.challenge_id)].sort());
    }
    // A player whose scoring fails comes last with no score.
    const top = await db.challengeLeaderboardEntry.findFirstOrThrow({ where: { accountId: board.rows[0]!.account_id } });
    failFor = top.endUserId;
    const again = await getCollectionLeaderboard(collection.id, { limit: 100, scorer });
    expect(again.rows.at(-1)).toMatchObject({ account_id: board.rows[0]!.account_id, score: null });
  });

  it("custom: the default scorer runs the collection's scorer plugin in the sandbox", async () => {
    clearCollectionScoreCache();
    const { app, collection } = await scenario();
    const plugin = await makePlugin({
      workspaceId: app.workspaceId,
      kind: "scorer",
      entrypoints: ["score"],
      // Ten points per solve, minus a tenth of a point per token; the list is the player's bests.
      code: "function score(list, config, ctx) { let s = 0; for (const m of list) s += config.per_solve - m.tokens_total / 10; return { score: s }; }",
    });
    await db.challengeCollection.update({
      where: { id: collection.id },
      data: { scoringStrategy: "custom", scoringPluginId: plugin.pluginId, scoringConfig: { per_solve: 10 } },
    });
    const board = await getCollectionLeaderboard(collection.id, { limit: 100 });
    const expected = await recompute(
      (await db.challengeCollectionItem.findMany({ where: { collectionId: collection.id } })).map((i) => i.challengeId),
      "sum",
    );
    expect(board.total).toBe(expected.length);
    for (const row of board.rows) {
      const entries = await db.challengeLeaderboardEntry.findMany({
        where: { accountId: row.account_id, challenge: { collections: { some: { collectionId: collection.id } } } },
      });
      expect(row.score).toBeCloseTo(entries.reduce((s, e) => s + 10 - e.tokensTotal! / 10, 0), 9);
    }
    const scores = board.rows.map((r) => r.score!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("is not found for private or unknown collections unless asked for hidden ones", async () => {
    const hidden = await makeCollection({ isPublic: false });
    await expect(getCollectionLeaderboard(hidden.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getCollectionLeaderboard(randomUUID())).rejects.toMatchObject({ code: "not_found" });
    await expect(getCollectionLeaderboard(hidden.id, { includeHidden: true })).resolves.toMatchObject({ total: 0, rows: [], viewer: null });
  });
});
