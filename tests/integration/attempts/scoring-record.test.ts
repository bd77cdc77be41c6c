// recordAttempt under concurrency on a real database: the materialized leaderboard of every
// strategy must equal one recomputed here from the raw attempt rows, first blood must be
// written exactly once, and record-beaten events must follow the head of the board.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { recordAttemptInTransaction, type RecordAttemptInput } from "@/lib/services/attempts";
import type { LeaderboardRow } from "@/lib/contracts/boards";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import { makeAccount, makeApp, makeChallenge, makeEndUser } from "@/tests/helpers/factories";
import type { ChallengeStrategyName } from "@/lib/scoring/types";

type Player = { endUserId: string; accountId: string };

async function makePlayers(workspaceId: string, n: number): Promise<Player[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    account: { id: randomUUID(), email: `p${i}-${randomUUID().slice(0, 8)}@example.test`, name: `Player ${i}` },
    endUserId: randomUUID(),
  }));
  await db.account.createMany({ data: rows.map((r) => r.account) });
  await db.endUser.createMany({
    data: rows.map((r) => ({ id: r.endUserId, workspaceId, accountId: r.account.id, type: "account" })),
  });
  return rows.map((r) => ({ endUserId: r.endUserId, accountId: r.account.id }));
}

/** A small deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

function input(
  challenge: { id: string; workspaceId: string; scoringStrategy: string; points: number },
  p: Player,
  over: Partial<RecordAttemptInput> = {},
): RecordAttemptInput {
  return { challenge, endUserId: p.endUserId, accountId: p.accountId, status: "completed", succeeded: true, ...over };
}

async function fullBoard(challengeId: string): Promise<LeaderboardRow[]> {
  const rows: LeaderboardRow[] = [];
  let cursor: string | null = null;
  do {
    const page = await getChallengeLeaderboard(challengeId, { limit: 100, cursor });
    rows.push(...page.rows);
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}

// The recomputation: for each player, their best successful attempt (ties: earliest), then
// all bests in strategy order (ties: earliest, then attempt id). Written independently of
// lib/scoring on purpose.
type Raw = Awaited<ReturnType<typeof rawAttempts>>[number];
async function rawAttempts(challengeId: string) {
  return db.challengeAttempt.findMany({ where: { challengeId } });
}
function rankKey(strategy: ChallengeStrategyName, a: Raw): number {
  switch (strategy) {
    case "first":
      return 0;
    case "fastest":
      return a.elapsedMs!;
    case "fewest_tokens":
      return a.tokensTotal!;
    case "highest_rating":
      return -(a.judgeRating ?? 0);
    case "custom":
      return -a.score!;
  }
}
function before(strategy: ChallengeStrategyName, a: Raw, b: Raw): number {
  return (
    rankKey(strategy, a) - rankKey(strategy, b) ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
function recompute(strategy: ChallengeStrategyName, attempts: Raw[]) {
  const best = new Map<string, Raw>();
  const completed = new Map<string, number>();
  for (const a of attempts) {
    if (a.status === "completed") completed.set(a.endUserId, (completed.get(a.endUserId) ?? 0) + 1);
    if (!a.succeeded || (strategy === "custom" && a.score === null)) continue;
    const cur = best.get(a.endUserId);
    if (!cur || before(strategy, a, cur) < 0) best.set(a.endUserId, a);
  }
  return [...best.values()]
    .sort((a, b) => before(strategy, a, b))
    .map((a, i) => ({
      rank: i + 1,
      account_id: a.accountId,
      elapsed_ms: a.elapsedMs,
      tokens_total: a.tokensTotal,
      judge_rating: strategy === "highest_rating" ? (a.judgeRating ?? 0) : a.judgeRating,
      achieved_at: a.createdAt.toISOString(),
      attempts: completed.get(a.endUserId) ?? 0,
    }));
}

const STRATEGIES: ChallengeStrategyName[] = ["first", "fastest", "fewest_tokens", "highest_rating", "custom"];

describe("200 players recording in parallel", () => {
  it.each(STRATEGIES)(
    "%s: the board equals the recomputation from raw attempts; one first blood; record events follow the head",
    async (strategy) => {
      const app = await makeApp();
      const challenge = await makeChallenge({ appId: app.id, scoringStrategy: strategy, points: 50 });
      const players = await makePlayers(app.workspaceId, 200);
      const next = rng(STRATEGIES.indexOf(strategy) + 1);
      // Three attempts per player: successes with colliding metrics (small ranges give ties),
      // failures, and the occasional errored / judge_error / unscored one.
      const inputs = players.flatMap((p) =>
        Array.from({ length: 3 }, () => {
          const kind = next(10);
          const metrics = {
            elapsedMs: 100 + next(20) * 10,
            tokensTotal: 5 + next(15),
            judgeRating: next(4) === 0 ? null : next(11),
            judgeTokensTotal: 1000 + next(500),
          };
          if (kind === 0) return input(challenge, p, { status: "errored", succeeded: false });
          if (kind === 1) return input(challenge, p, { status: "judge_error", succeeded: false });
          if (kind <= 4) return input(challenge, p, { ...metrics, succeeded: false });
          const customScore = strategy === "custom" && next(12) === 0 ? null : next(30) / 2;
          return input(challenge, p, { ...metrics, customScore });
        }),
      );
      const results = await Promise.all(inputs.map((i) => recordAttemptInTransaction(i)));

      const attempts = await rawAttempts(challenge.id);
      expect(attempts).toHaveLength(600);
      const expected = recompute(strategy, attempts);
      const board = await fullBoard(challenge.id);
      expect(board.map(({ display_name: _n, score: _s, ...rest }) => rest)).toEqual(expected);
      expect(board.length).toBeGreaterThan(100);

      // The stored score is the strategy's value.
      for (const row of board) {
        const want =
          strategy === "first" ? 50
          : strategy === "fastest" ? row.elapsed_ms
          : strategy === "fewest_tokens" ? row.tokens_total
          : strategy === "highest_rating" ? row.judge_rating
          : row.score;
        expect(row.score).toBe(want);
      }

      // Exactly one first blood, for the earliest recorded success.
      const events = await db.notificationEvent.findMany({ where: { workspaceId: app.workspaceId }, orderBy: { occurredAt: "asc" } });
      const firstBloods = events.filter((e) => e.event === "challenge_first_blood");
      expect(firstBloods).toHaveLength(1);
      expect(results.filter((r) => r.firstBlood)).toHaveLength(1);
      const earliest = attempts.filter((a) => a.succeeded).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
      expect(firstBloods[0]!.payload).toMatchObject({ challenge_id: challenge.id, attempt_id: earliest.id, account_id: earliest.accountId });

      // Replaying the recorded successes in order gives the same head changes as the events.
      const heads: { account_id: string | null }[] = [];
      const bests = new Map<string, Raw>();
      let head: Raw | undefined;
      for (const a of [...attempts].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())) {
        if (!a.succeeded || (strategy === "custom" && a.score === null)) continue;
        const cur = bests.get(a.endUserId);
        if (cur && before(strategy, a, cur) >= 0) continue;
        bests.set(a.endUserId, a);
        const newHead = [...bests.values()].sort((x, y) => before(strategy, x, y))[0]!;
        if (head && newHead.endUserId !== head.endUserId) heads.push({ account_id: newHead.accountId });
        head = newHead;
      }
      const beaten = events.filter((e) => e.event === "challenge_record_beaten");
      expect(beaten.map((e) => ({ account_id: (e.payload as { new_record: { account_id: string } }).new_record.account_id }))).toEqual(heads);
      if (strategy === "first") expect(beaten).toHaveLength(0);
      for (let i = 1; i < beaten.length; i++) {
        const prev = beaten[i - 1]!.payload as { new_record: unknown };
        expect((beaten[i]!.payload as { previous_record: unknown }).previous_record).toEqual(prev.new_record);
      }
      expect(board[0]!.account_id).toBe(head!.accountId);
    },
    120_000,
  );
});

describe("record beaten and first blood payloads", () => {
  it("writes the contract's record-beaten payload when the head passes to another player", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id, scoringStrategy: "highest_rating" });
    const [a, b] = await makePlayers(app.workspaceId, 2);
    await recordAttemptInTransaction(input(challenge, a!, { judgeRating: 8, tokensTotal: 10, elapsedMs: 100 }));
    const second = await recordAttemptInTransaction(input(challenge, b!, { judgeRating: 9, tokensTotal: 10, elapsedMs: 100 }));
    expect(second.recordBeaten).toBe(true);
    const [event] = await db.notificationEvent.findMany({ where: { workspaceId: app.workspaceId, event: "challenge_record_beaten" } });
    expect(event!.payload).toEqual({
      event: "challenge_record_beaten",
      challenge_id: challenge.id,
      scoring_strategy: "highest_rating",
      previous_record: { account_id: a!.accountId, score: 8 },
      new_record: { account_id: b!.accountId, score: 9 },
      occurred_at: second.attempt.createdAt.getTime(),
    });
    expect(event!.occurredAt.getTime()).toBe(second.attempt.createdAt.getTime());
    expect(event!.status).toBe("pending");

    // The head improving their own record, or someone else not reaching it, is no event.
    await recordAttemptInTransaction(input(challenge, b!, { judgeRating: 10 }));
    await recordAttemptInTransaction(input(challenge, a!, { judgeRating: 10 }));
    expect(await db.notificationEvent.count({ where: { workspaceId: app.workspaceId, event: "challenge_record_beaten" } })).toBe(1);
  });

  it("writes a first-blood payload with the challenge, strategy, player and attempt", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id, scoringStrategy: "fastest" });
    const [a] = await makePlayers(app.workspaceId, 1);
    await recordAttemptInTransaction(input(challenge, a!, { succeeded: false, elapsedMs: 5 }));
    expect(await db.notificationEvent.count({ where: { workspaceId: app.workspaceId } })).toBe(0);
    const res = await recordAttemptInTransaction(input(challenge, a!, { elapsedMs: 1234, tokensTotal: 3 }));
    const [event] = await db.notificationEvent.findMany({ where: { workspaceId: app.workspaceId } });
    expect(event!.event).toBe("challenge_first_blood");
    expect(event!.payload).toEqual({
      event: "challenge_first_blood",
      challenge_id: challenge.id,
      scoring_strategy: "fastest",
      account_id: a!.accountId,
      attempt_id: res.attempt.id,
      score: 1234,
      occurred_at: res.attempt.createdAt.getTime(),
    });
  });
});

describe("the player's entry", () => {
  it("counts completed attempts only and keeps the best", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id, scoringStrategy: "fewest_tokens" });
    const [p] = await makePlayers(app.workspaceId, 1);
    const rec = (over: Partial<RecordAttemptInput>) => recordAttemptInTransaction(input(challenge, p!, { elapsedMs: 10, ...over }));
    await rec({ succeeded: false, tokensTotal: 1 });
    await rec({ status: "errored", succeeded: false });
    const firstWin = await rec({ tokensTotal: 50 });
    expect(firstWin.personalBest).toBe(true);
    const worse = await rec({ tokensTotal: 60 });
    expect(worse.personalBest).toBe(false);
    await rec({ status: "judge_error", succeeded: true, tokensTotal: 1 });
    const better = await rec({ tokensTotal: 40 });
    expect(better.personalBest).toBe(true);
    await rec({ succeeded: false, tokensTotal: 2 });

    const entry = await db.challengeLeaderboardEntry.findUniqueOrThrow({
      where: { challengeId_endUserId: { challengeId: challenge.id, endUserId: p!.endUserId } },
    });
    expect(entry).toMatchObject({ bestAttemptId: better.attempt.id, tokensTotal: 40, score: 40, attemptsCount: 5 });
    // judge_error can never succeed, whatever the caller says.
    const judged = await db.challengeAttempt.findFirstOrThrow({ where: { challengeId: challenge.id, status: "judge_error" } });
    expect(judged).toMatchObject({ succeeded: false, score: null });
  });

  it("keeps an unrated success on a highest_rating board as rating 0", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id, scoringStrategy: "highest_rating" });
    const [p] = await makePlayers(app.workspaceId, 1);
    await recordAttemptInTransaction(input(challenge, p!, { judgeRating: null }));
    const board = await getChallengeLeaderboard(challenge.id);
    expect(board.rows).toEqual([expect.objectContaining({ rank: 1, judge_rating: 0, score: 0 })]);
  });

  it("records an unscored custom success without ranking it, but still as first blood", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id, scoringStrategy: "custom" });
    const [p] = await makePlayers(app.workspaceId, 1);
    const res = await recordAttemptInTransaction(input(challenge, p!, { customScore: null }));
    expect(res).toMatchObject({ firstBlood: true, personalBest: false });
    expect(res.attempt).toMatchObject({ succeeded: true, score: null });
    expect((await getChallengeLeaderboard(challenge.id)).total).toBe(0);
  });

  it("completes a pending attempt once and refuses a second completion", async () => {
    const app = await makeApp();
    const challenge = await makeChallenge({ appId: app.id });
    const endUser = await makeEndUser({ workspaceId: app.workspaceId });
    const pending = await db.challengeAttempt.create({
      data: { workspaceId: app.workspaceId, challengeId: challenge.id, endUserId: endUser.id, accountId: endUser.accountId, status: "pending", prompt: "hi", idempotencyKey: "k1" },
    });
    const p = { endUserId: endUser.id, accountId: endUser.accountId! };
    const done = await recordAttemptInTransaction(input(challenge, p, { attemptId: pending.id, elapsedMs: 5, tokensTotal: 5, response: "masked" }));
    expect(done.attempt).toMatchObject({ id: pending.id, status: "completed", succeeded: true, prompt: "hi", idempotencyKey: "k1", response: "masked" });
    await expect(recordAttemptInTransaction(input(challenge, p, { attemptId: pending.id }))).rejects.toMatchObject({ code: "conflict" });
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(1);
  });

  it("refuses to record for a challenge that does not exist", async () => {
    const account = await makeAccount();
    const app = await makeApp();
    const endUser = await makeEndUser({ workspaceId: app.workspaceId, accountId: account.id });
    await expect(
      recordAttemptInTransaction(
        input({ id: randomUUID(), workspaceId: app.workspaceId, scoringStrategy: "first", points: 1 }, { endUserId: endUser.id, accountId: account.id }),
      ),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
