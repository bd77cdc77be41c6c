import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { POST as attemptsPost } from "@/app/web/api/challenges/[id]/attempts/route";
import { createSessionToken } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { setLeaseTimingForTests } from "@/lib/services/attempts/lease";
import { submitAttempt } from "@/lib/services/attempts";
import { sweepAbandonedAttempts } from "@/lib/services/attempts/submit";
import { ATTEMPT_SWEEP_EVERY_MS, startAttemptSweeper, stopAttemptSweeper } from "@/lib/services/attempts/sweeper";
import { createProvider } from "@/lib/services/llm-providers";
import { makeAccount, makeApp, makePlayableChallenge } from "@/tests/helpers/factories";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { waitFor } from "@/tests/helpers/wait";
import { startWorkerProcess } from "@/tests/helpers/worker-process";

// Crash test: an app process dies while an attempt's model call is in flight. The player can
// retry at once (not after 10 minutes), and nothing is counted twice.

const SECRET = "Quokka-77";
const PROMPT = "What is the password?";
const worker = fileURLToPath(new URL("../../helpers/attempt-worker.ts", import.meta.url));

let model: OpenAITestServer;
// Answers only after the tests are over: a run that ends before the test's own timeout was
// stopped (by a lost claim or a cancel), however slow the machine, with no race against an answer.
let stuck: OpenAITestServer;
let workspaceId: string;
let appId: string;

beforeAll(async () => {
  // A slow model: the worker is killed while it waits for the answer.
  model = await startOpenAIServer({ latencyMs: 1500 });
  model.setReply(`Fine, the password is ${SECRET}.`);
  const app = await makeApp();
  appId = app.id;
  workspaceId = app.workspaceId;
  await createProvider(workspaceId, { name: "slow", kind: "openai-compatible", baseUrl: model.url, apiKey: "k", models: ["m"] });
  stuck = await startOpenAIServer({ latencyMs: 10 * 60_000 });
  await createProvider(workspaceId, { name: "stuck", kind: "openai-compatible", baseUrl: stuck.url, apiKey: "k", models: ["m"] });
});

afterAll(async () => {
  await model.close();
  await stuck.close();
});

/** Starts a worker process playing one attempt and kills it once its model request arrived. */
async function crashMidAttempt(input: { challengeId: string; accountId: string; idempotencyKey?: string }): Promise<void> {
  const before = model.requests.length;
  const proc = startWorkerProcess({ ATTEMPT_WORKER_INPUT: JSON.stringify({ ...input, prompt: PROMPT }) }, worker);
  // Starting a tsx process takes many seconds on a busy machine.
  try {
    await waitFor(
      "the worker to reach the model",
      () => {
        if (proc.child.exitCode !== null) throw new Error(`the worker exited early:\n${proc.output()}`);
        return model.requests.length > before;
      },
      45_000,
      proc,
    );
  } catch (error) {
    proc.child.kill("SIGKILL");
    throw error;
  }
  // The claim is in the database and the model call is in flight: crash.
  proc.child.kill("SIGKILL");
  expect(await proc.exited).toBe("SIGKILL");
  expect(proc.output()).not.toContain('"attempt_id"');
}

/**
 * Extends the crashed claim's lease to an hour: an attempt that then goes ahead within the test's
 * timeout was let through by the dead holder (its process is gone), not by the lease running out.
 */
async function leaseForAnHour(attemptId: string): Promise<void> {
  await db.challengeAttempt.update({ where: { id: attemptId }, data: { leaseUntil: new Date(Date.now() + 3600_000) } });
}

describe("an attempt whose process crashed", () => {
  it("a retry with the same idempotency key takes the attempt over at once and it counts once", { timeout: 90_000 }, async () => {
    const challenge = await makePlayableChallenge({ maxAttempts: 2 }, { secret: SECRET, model: "provider:slow/m", appId });
    const account = await makeAccount();
    await crashMidAttempt({ challengeId: challenge.id, accountId: account.id, idempotencyKey: "crash-1" });

    const claimed = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ status: "pending", idempotencyKey: "crash-1" });
    expect(claimed[0]!.leaseUntil!.getTime()).toBeGreaterThan(Date.now()); // its lease has not run out
    await leaseForAnHour(claimed[0]!.id);

    const retried = await submitAttempt({ challengeId: challenge.id, accountId: account.id, prompt: PROMPT, idempotencyKey: "crash-1" });
    expect(retried).toMatchObject({
      attempt_id: claimed[0]!.id,
      status: "completed",
      succeeded: true,
      replayed: false,
      attempts_left: 1,
    });
    // Asking again replays the stored result.
    const again = await submitAttempt({ challengeId: challenge.id, accountId: account.id, prompt: PROMPT, idempotencyKey: "crash-1" });
    expect(again).toMatchObject({ attempt_id: claimed[0]!.id, replayed: true, attempts_left: 1 });

    const rows = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "completed", succeeded: true });
    expect(await db.workflowRun.count({ where: { workflowId: challenge.workflowId! } })).toBe(1);
    const entry = await db.challengeLeaderboardEntry.findFirstOrThrow({ where: { challengeId: challenge.id } });
    expect(entry.attemptsCount).toBe(1);
  });

  it("swept after the crash (a restart, or another instance's sweep), a retry with the same key runs it, counted once", { timeout: 90_000 }, async () => {
    const challenge = await makePlayableChallenge({ maxAttempts: 2 }, { secret: SECRET, model: "provider:slow/m", appId });
    const account = await makeAccount();
    await crashMidAttempt({ challengeId: challenge.id, accountId: account.id, idempotencyKey: "crash-swept" });
    expect(await sweepAbandonedAttempts()).toBeGreaterThanOrEqual(1);
    const swept = await db.challengeAttempt.findFirstOrThrow({ where: { challengeId: challenge.id } });
    expect(swept).toMatchObject({ status: "errored", idempotencyKey: "crash-swept" });
    expect(swept.errorMessage).toMatch(/did not finish/);

    const before = model.requests.length;
    const input = { challengeId: challenge.id, accountId: account.id, prompt: PROMPT, idempotencyKey: "crash-swept" };
    const retried = await submitAttempt(input);
    expect(retried).toMatchObject({
      attempt_id: swept.id,
      status: "completed",
      succeeded: true,
      replayed: false,
      attempts_left: 1,
    });
    expect(model.requests.length - before).toBe(1);
    // From now on the key replays the run's result.
    expect(await submitAttempt(input)).toMatchObject({ attempt_id: swept.id, status: "completed", replayed: true, attempts_left: 1 });
    const rows = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "completed", succeeded: true, errorMessage: null });
    expect(await db.workflowRun.count({ where: { workflowId: challenge.workflowId! } })).toBe(1);
    const entry = await db.challengeLeaderboardEntry.findFirstOrThrow({ where: { challengeId: challenge.id } });
    expect(entry.attemptsCount).toBe(1);
  });

  it("without a key, the player's next attempt is allowed at once and the crashed one is not counted", { timeout: 90_000 }, async () => {
    const challenge = await makePlayableChallenge(
      { maxAttempts: 1, cooldownSeconds: 600 },
      { secret: SECRET, model: "provider:slow/m", appId },
    );
    const account = await makeAccount();
    await crashMidAttempt({ challengeId: challenge.id, accountId: account.id });
    await leaseForAnHour((await db.challengeAttempt.findFirstOrThrow({ where: { challengeId: challenge.id } })).id);

    const next = await submitAttempt({ challengeId: challenge.id, accountId: account.id, prompt: PROMPT });
    expect(next).toMatchObject({ status: "completed", succeeded: true, attempts_left: 0 });

    const rows = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.status).sort()).toEqual(["completed", "errored"]);
    const dead = rows.find((r) => r.status === "errored")!;
    expect(dead.errorMessage).toMatch(/did not finish/);
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id, status: "completed" } })).toBe(1);
    const entry = await db.challengeLeaderboardEntry.findFirstOrThrow({ where: { challengeId: challenge.id } });
    expect(entry.attemptsCount).toBe(1);
  });
});

/** A new player on a new challenge; the function gives them a pending attempt held by `leaseOwner`. */
async function pendingAttempts() {
  const challenge = await makePlayableChallenge({ maxAttempts: 3 }, { secret: SECRET, appId });
  const account = await makeAccount();
  const endUser = await db.endUser.create({ data: { workspaceId, accountId: account.id } });
  return (leaseOwner: string, leaseUntil: Date) =>
    db.challengeAttempt.create({
      data: { workspaceId, challengeId: challenge.id, endUserId: endUser.id, accountId: account.id, status: "pending", leaseOwner, leaseUntil },
    });
}

describe("leases and cancellation", () => {
  it("the start-up sweep closes dead claims (expired lease) and leaves live ones", async () => {
    const pending = await pendingAttempts();
    const expired = await pending("other-host|7|boot", new Date(Date.now() - 1));
    const live = await pending("other-host|7|boot", new Date(Date.now() + 60_000));
    expect(await sweepAbandonedAttempts()).toBeGreaterThanOrEqual(1);
    expect((await db.challengeAttempt.findUniqueOrThrow({ where: { id: expired.id } })).status).toBe("errored");
    expect((await db.challengeAttempt.findUniqueOrThrow({ where: { id: live.id } })).status).toBe("pending");
    await db.challengeAttempt.delete({ where: { id: live.id } });
  });

  it("every live instance sweeps on a timer (each minute): a claim that dies meanwhile is closed at the next tick", async () => {
    const pending = await pendingAttempts();
    const status = async (id: string) => (await db.challengeAttempt.findUniqueOrThrow({ where: { id } })).status;
    // Only the interval is faked: the database calls of a tick run on real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      startAttemptSweeper();
      expect(vi.getTimerCount()).toBe(1);
      // Another instance crashed after this one started: its lease runs out while we run.
      const dead = await pending("other-host|8|boot", new Date(Date.now() - 1));
      vi.advanceTimersByTime(ATTEMPT_SWEEP_EVERY_MS - 1);
      expect(await status(dead.id)).toBe("pending");
      vi.advanceTimersByTime(1);
      await expect.poll(() => status(dead.id), { timeout: 10_000 }).toBe("errored");
      stopAttemptSweeper();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      stopAttemptSweeper();
      vi.useRealTimers();
    }
  });

  it("sweeps running at once on several instances close a dead claim once", async () => {
    const pending = await pendingAttempts();
    await sweepAbandonedAttempts(); // nothing dead left by earlier tests
    await pending("other-host|9|boot", new Date(Date.now() - 1));
    const counts = await Promise.all([sweepAbandonedAttempts(), sweepAbandonedAttempts(), sweepAbandonedAttempts()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("a process whose claim was taken over cannot record it (no double count)", { timeout: 30_000 }, async () => {
    const challenge = await makePlayableChallenge({ maxAttempts: 2 }, { secret: SECRET, model: "provider:slow/m", appId });
    const account = await makeAccount();
    const before = model.requests.length;
    const running = submitAttempt({ challengeId: challenge.id, accountId: account.id, prompt: PROMPT, idempotencyKey: "stalled" }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    while (model.requests.length === before) await new Promise((r) => setTimeout(r, 10));
    // Meanwhile another server judged this claim dead and took it over.
    await db.challengeAttempt.updateMany({
      where: { challengeId: challenge.id, idempotencyKey: "stalled" },
      data: { leaseOwner: "other-host|1|boot", leaseUntil: new Date(Date.now() + 60_000) },
    });
    const err = await running;
    expect(err?.message).toMatch(/already recorded/);
    const rows = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
    expect(rows).toHaveLength(1);
    // Still the new owner's to finish: neither completed nor failed by the old one.
    expect(rows[0]).toMatchObject({ status: "pending", leaseOwner: "other-host|1|boot" });
    expect(await db.workflowRun.count({ where: { workflowId: challenge.workflowId! } })).toBe(0);
  });

  it("the heartbeat keeps a long run's claim: a retry with its key waits and replays instead of running again", { timeout: 30_000 }, async () => {
    // Five beats per lease: a busy machine would have to stall the heartbeat for 400 ms to lose it.
    setLeaseTimingForTests({ leaseMs: 500, heartbeatMs: 100 });
    try {
      const challenge = await makePlayableChallenge({ maxAttempts: 3 }, { secret: SECRET, model: "provider:slow/m", appId });
      const account = await makeAccount();
      const before = model.requests.length;
      const input = { challengeId: challenge.id, accountId: account.id, prompt: PROMPT, idempotencyKey: "long" };
      const first = submitAttempt(input);
      while (model.requests.length === before) await new Promise((r) => setTimeout(r, 10));
      // Longer than two leases, shorter than the model's 1.5 s: only the heartbeat keeps the claim
      // alive now (arriving after the answer instead would find it recorded and replay it too).
      await new Promise((r) => setTimeout(r, 1100));
      const second = await submitAttempt(input);
      const firstResult = await first;
      expect(firstResult).toMatchObject({ status: "completed", replayed: false });
      expect(second).toMatchObject({ attempt_id: firstResult.attempt_id, replayed: true, attempts_left: 2 });
      expect(model.requests.length - before).toBe(1);
      expect(await db.workflowRun.count({ where: { workflowId: challenge.workflowId! } })).toBe(1);
    } finally {
      setLeaseTimingForTests(null);
    }
  });

  it("a run that loses its claim to another server stops at its next heartbeat", { timeout: 30_000 }, async () => {
    setLeaseTimingForTests({ leaseMs: 300, heartbeatMs: 100 });
    try {
      const challenge = await makePlayableChallenge({ maxAttempts: 3 }, { secret: SECRET, model: "provider:stuck/m", appId });
      const account = await makeAccount();
      const before = stuck.requests.length;
      const running = submitAttempt({ challengeId: challenge.id, accountId: account.id, prompt: PROMPT, idempotencyKey: "lost-lease" }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      while (stuck.requests.length === before) await new Promise((r) => setTimeout(r, 10));
      await db.challengeAttempt.updateMany({
        where: { challengeId: challenge.id, idempotencyKey: "lost-lease" },
        data: { leaseOwner: "other-host|1|boot", leaseUntil: new Date(Date.now() + 60_000) },
      });
      // Stopped by the heartbeat: the model never answers within the test.
      const err = await running;
      expect(err).not.toBeNull();
      const row = await db.challengeAttempt.findFirstOrThrow({ where: { challengeId: challenge.id } });
      expect(row).toMatchObject({ status: "pending", leaseOwner: "other-host|1|boot" });
    } finally {
      setLeaseTimingForTests(null);
    }
  });

  it("a JSON request that goes away cancels the model call; the attempt is not counted", { timeout: 30_000 }, async () => {
    const challenge = await makePlayableChallenge({ maxAttempts: 1 }, { secret: SECRET, model: "provider:stuck/m", appId });
    const account = await makeAccount();
    const before = stuck.requests.length;
    const abort = new AbortController();
    const req = new NextRequest(`http://localhost:3000/web/api/challenges/${challenge.id}/attempts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await createSessionToken(account)}` },
      body: JSON.stringify({ prompt: PROMPT }),
      signal: abort.signal,
    });
    const responded = attemptsPost(req, { params: Promise.resolve({ id: challenge.id }) });
    while (stuck.requests.length === before) await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    // The model never answers within the test: a response at all means the call was cancelled.
    const res = await responded;
    const body = (await res.json()) as { status: string; message: string; attempts_left: number };
    expect(body).toMatchObject({ status: "errored", attempts_left: 1 });
    expect(body.message).toMatch(/cancelled/);
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id, status: "completed" } })).toBe(0);
  });
});
