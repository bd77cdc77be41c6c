// submitAttempt's limits (attempts per challenge, cooldown, attempts per minute) and the failures
// that do not count: a judge that answers no verdict and a model that fails, served by a local
// OpenAI-compatible server.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { AppError } from "@/lib/errors";
import { ATTEMPTS_PER_MINUTE } from "@/lib/services/attempts";
import { createProvider } from "@/lib/services/llm-providers";
import { makeAccount, makeApp } from "@/tests/helpers/factories";
import { openAIServerForSuite } from "@/tests/helpers/openai-suite";
import { LEAK, PLAIN, playable, rejection, submit } from "./attempts-support";

const server = openAIServerForSuite();

describe("limits", () => {
  it("maxAttempts: 403 attempts_exhausted, without Retry-After, once every attempt is used", async () => {
    const challenge = await playable({ maxAttempts: 2 });
    const account = await makeAccount();
    expect((await submit(challenge.id, account.id, PLAIN)).attempts_left).toBe(1);
    expect((await submit(challenge.id, account.id, PLAIN)).attempts_left).toBe(0);
    const err = await rejection(submit(challenge.id, account.id, LEAK));
    expect(err.status).toBe(403);
    expect(err.code).toBe("attempts_exhausted");
    expect(err.headers?.["Retry-After"]).toBeUndefined();
    expect(err.details).toMatchObject({ reason: "max_attempts", attempts_left: 0 });
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(2);
  });

  it("maxAttempts holds under parallel submits with different keys", async () => {
    const challenge = await playable({ maxAttempts: 3 });
    const account = await makeAccount();
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => submit(challenge.id, account.id, PLAIN, { idempotencyKey: `k${i}` })),
    );
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(3);
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected");
    expect(refused.map((s) => (s.reason as AppError).code)).toEqual(Array(5).fill("attempts_exhausted"));
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(3);
  });

  it("cooldown: 429 with the seconds left as Retry-After", async () => {
    const challenge = await playable({ cooldownSeconds: 30 });
    const account = await makeAccount();
    const first = await submit(challenge.id, account.id, PLAIN);
    expect(Date.parse(first.cooldown_until!) - Date.parse(first.created_at)).toBe(30_000);
    const err = await rejection(submit(challenge.id, account.id, PLAIN));
    expect(err.status).toBe(429);
    const retryAfter = Number(err.headers?.["Retry-After"]);
    expect(retryAfter).toBeGreaterThanOrEqual(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(err.details).toMatchObject({ reason: "cooldown", cooldown_until: first.cooldown_until });
    // The cooldown is per player: someone else may play.
    expect((await submit(challenge.id, (await makeAccount()).id, PLAIN)).status).toBe("completed");
  });

  it(`the account may start ${ATTEMPTS_PER_MINUTE} attempts a minute, across challenges`, async () => {
    const [c1, c2] = [await playable(), await playable()];
    const account = await makeAccount();
    for (let i = 0; i < ATTEMPTS_PER_MINUTE; i++) await submit(i % 2 ? c1.id : c2.id, account.id, PLAIN);
    const err = await rejection(submit(c1.id, account.id, PLAIN));
    expect(err.status).toBe(429);
    const retryAfter = Number(err.headers?.["Retry-After"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await submit(c1.id, (await makeAccount()).id, PLAIN)).status).toBe("completed");
  });
});

describe("failures that do not count", () => {
  it("a judge error is stored as judge_error, never passes and does not use up attempts", async () => {
    const app = await makeApp();
    await createProvider(app.workspaceId, { name: "judge", kind: "openai-compatible", baseUrl: server.url, models: ["j"] });
    server.setReply("I refuse to answer in JSON.");
    const challenge = await playable(
      { maxAttempts: 1, evaluatorType: "llm-judge", evaluatorConfig: { judge_model: "provider:judge/j" } },
      { appId: app.id },
    );
    const account = await makeAccount();
    for (let i = 0; i < 2; i++) {
      const result = await submit(challenge.id, account.id, LEAK);
      expect(result).toMatchObject({ status: "judge_error", succeeded: false, score: null, attempts_left: 1, first_blood: false });
      expect(result.message).toMatch(/judge/i);
    }
    const rows = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
    expect(rows.map((r) => r.status)).toEqual(["judge_error", "judge_error"]);
    expect(rows.every((r) => !r.succeeded && r.judgeOutputRaw !== null)).toBe(true);
    expect(await db.challengeLeaderboardEntry.count({ where: { challengeId: challenge.id } })).toBe(0);
    expect(await db.notificationEvent.count({ where: { workspaceId: app.workspaceId } })).toBe(0);
  });

  it("a model failure is stored as errored with a clear message, not scored or counted", async () => {
    const app = await makeApp();
    await createProvider(app.workspaceId, { name: "flaky", kind: "openai-compatible", baseUrl: server.url, models: ["m"] });
    server.failNext(100, { status: 500, message: "upstream exploded", retryAfterMs: 1 });
    const challenge = await playable({ maxAttempts: 1 }, { appId: app.id, model: "provider:flaky/m" });
    const account = await makeAccount();
    const result = await submit(challenge.id, account.id, LEAK);
    expect(result).toMatchObject({ status: "errored", succeeded: false, score: null, attempts_left: 1 });
    // Generic for the player: the provider's own text stays in the run trace.
    expect(result.message).toBe("The model is unavailable; this attempt was not counted.");
    expect(JSON.stringify(result)).not.toContain("upstream exploded");
    const row = await db.challengeAttempt.findUniqueOrThrow({ where: { id: result.attempt_id } });
    expect(row).toMatchObject({ status: "errored", succeeded: false, score: null });
    expect(row.errorMessage).toBe(result.message);
    expect(row.workflowRunId).not.toBeNull();
    // Not counted: the one allowed attempt is still there once the provider is back.
    server.reset();
    expect(await submit(challenge.id, account.id, PLAIN)).toMatchObject({ status: "completed", attempts_left: 0 });
  });
});
