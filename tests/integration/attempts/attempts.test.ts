// submitAttempt end to end: the real engine, the offline practice model and judge, and a real
// database: what an attempt records, idempotency, notifications, and no secret in any response.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { type AttemptResult } from "@/lib/services/attempts";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import type { PlayerEvent } from "@/lib/workflow/types";
import { makeAccount, makeChallenge } from "@/tests/helpers/factories";
import { LEAK, PLAIN, playable, rejection, SECRET, SPELL, submit } from "./attempts-support";

describe("playing an attempt", () => {
  it("runs the workflow, evaluates, scores and records, with the answer masked", async () => {
    const challenge = await playable({ points: 75, maxAttempts: 5 });
    const account = await makeAccount();
    const events: PlayerEvent[] = [];
    const result = await submit(challenge.id, account.id, LEAK, { onEvent: (e) => events.push(e) });
    expect(result).toMatchObject({
      challenge_id: challenge.id,
      status: "completed",
      succeeded: true,
      score: 75,
      first_blood: true,
      personal_best: true,
      replayed: false,
      attempts_left: 4,
      cooldown_until: null,
    });
    expect(result.answer).toContain("[masked]");
    expect(result.tokens_total).toBeGreaterThan(0);
    expect(result.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify([result, events])).not.toContain(SECRET);
    // The player's view: the answer streams (nothing in this graph can withhold it), then the
    // final answer exactly as recorded.
    expect(events.filter((e) => e.type === "answer_delta").length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toEqual({ type: "answer", text: result.answer });

    const row = await db.challengeAttempt.findUniqueOrThrow({ where: { id: result.attempt_id } });
    const run = await db.workflowRun.findUniqueOrThrow({ where: { id: row.workflowRunId! } });
    expect(row).toMatchObject({
      status: "completed",
      succeeded: true,
      score: 75,
      accountId: account.id,
      prompt: LEAK,
      tokensTotal: run.tokensTotal,
      judgeTokensTotal: 0,
      elapsedMs: run.elapsedMs,
      errorMessage: null,
    });
    expect(run).toMatchObject({ triggeredFrom: "play", endUserId: row.endUserId });
    expect(row.response).not.toContain(SECRET);
    expect(row.judgeOutputRaw).toMatchObject({ evaluator: "rules", outcome: "pass" });

    const failed = await submit(challenge.id, account.id, PLAIN);
    expect(failed).toMatchObject({ status: "completed", succeeded: false, score: null, first_blood: false, attempts_left: 3 });
    const board = await getChallengeLeaderboard(challenge.id);
    expect(board.rows).toEqual([expect.objectContaining({ account_id: account.id, attempts: 2, score: 75 })]);
  });

  it("returns the stored result for a repeated idempotency key without running again", async () => {
    const challenge = await playable();
    const account = await makeAccount();
    const first = await submit(challenge.id, account.id, LEAK, { idempotencyKey: "retry-1" });
    const events: PlayerEvent[] = [];
    const again = await submit(challenge.id, account.id, LEAK, { idempotencyKey: "retry-1", onEvent: (e) => events.push(e) });
    expect(again).toEqual({ ...first, replayed: true, first_blood: false, personal_best: false });
    expect(events).toEqual([]);
    expect(await db.workflowRun.count({ where: { workflowId: challenge.workflowId! } })).toBe(1);
  });

  it("refuses a reused idempotency key with a different prompt (422), changing nothing", async () => {
    const challenge = await playable();
    const account = await makeAccount();
    await submit(challenge.id, account.id, LEAK, { idempotencyKey: "retry-2" });
    const err = await rejection(submit(challenge.id, account.id, "a different prompt", { idempotencyKey: "retry-2" }));
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/idempotency key was already used with a different prompt/);
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(1);
    expect(await db.workflowRun.count({ where: { workflowId: challenge.workflowId! } })).toBe(1);
  });

  it("50 parallel submits with one idempotency key make one attempt and one run", async () => {
    const challenge = await playable({ maxAttempts: 2 });
    const account = await makeAccount();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => submit(challenge.id, account.id, LEAK, { idempotencyKey: "same-key" })),
    );
    expect(new Set(results.map((r) => r.attempt_id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.status === "completed" && r.succeeded)).toBe(true);
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(1);
    expect(await db.workflowRun.count({ where: { workflowId: challenge.workflowId! } })).toBe(1);
    expect(await db.notificationEvent.count({ where: { workspaceId: challenge.workspaceId } })).toBe(1);
    // Counted once: one of two attempts is left.
    expect(results.every((r) => r.attempts_left === 1)).toBe(true);
  });

  it("is not found for unknown or inactive challenges and refuses unpublished workflows", async () => {
    const account = await makeAccount();
    expect((await rejection(submit("no-such-challenge", account.id, LEAK))).status).toBe(404);
    const inactive = await playable({ isActive: false });
    expect((await rejection(submit(inactive.id, account.id, LEAK))).status).toBe(404);
    const draft = await playable({}, { publish: false });
    const err = await rejection(submit(draft.id, account.id, LEAK));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/has not been published/);
    const noWorkflow = await makeChallenge({ appId: inactive.appId });
    expect((await rejection(submit(noWorkflow.id, account.id, LEAK))).status).toBe(409);
    expect(await db.challengeAttempt.count({ where: { accountId: account.id } })).toBe(0);
  });
});

describe("notifications", () => {
  it("emits record-beaten with the contract's payload when another player takes the lead", async () => {
    const challenge = await playable({ scoringStrategy: "highest_rating", evaluatorType: "llm-judge" });
    const [a, b] = [await makeAccount(), await makeAccount()];
    const spelled = await submit(challenge.id, a.id, SPELL);
    expect(spelled).toMatchObject({ succeeded: true, judge_rating: 8, score: 8, first_blood: true });
    const literal = await submit(challenge.id, b.id, LEAK);
    expect(literal).toMatchObject({ succeeded: true, judge_rating: 10, first_blood: false });
    const events = await db.notificationEvent.findMany({ where: { workspaceId: challenge.workspaceId }, orderBy: { occurredAt: "asc" } });
    expect(events.map((e) => e.event)).toEqual(["challenge_first_blood", "challenge_record_beaten"]);
    expect(events[1]!.payload).toEqual({
      event: "challenge_record_beaten",
      challenge_id: challenge.id,
      scoring_strategy: "highest_rating",
      previous_record: { account_id: a.id, score: 8 },
      new_record: { account_id: b.id, score: 10 },
      occurred_at: Date.parse(literal.created_at),
    });
  });
});

describe("responses never carry the secret", () => {
  it.each([LEAK, SPELL, PLAIN, `Say ${SECRET} back to me`])("prompt %j", async (prompt) => {
    const challenge = await playable();
    const account = await makeAccount();
    const events: PlayerEvent[] = [];
    const result: AttemptResult = await submit(challenge.id, account.id, prompt, { onEvent: (e) => events.push(e) });
    const row = await db.challengeAttempt.findUniqueOrThrow({ where: { id: result.attempt_id } });
    expect(JSON.stringify([result, events, row]).toLowerCase()).not.toContain(SECRET.toLowerCase());
  });
});
