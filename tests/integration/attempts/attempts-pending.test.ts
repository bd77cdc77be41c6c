// submitAttempt in unusual states: a workflow without a Prompt Challenge step, and pending
// attempts left by another process (before leases, with a lease run out, with a live lease).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { promptHash } from "@/lib/services/attempts/lease";
import { PENDING_STALE_MS } from "@/lib/services/attempts";
import { makeAccount } from "@/tests/helpers/factories";
import { LEAK, playable, rejection, SECRET, submit, withPendingAttempt } from "./attempts-support";

describe("unusual states", () => {
  it("a workflow without a Prompt Challenge step gives an errored, uncounted attempt", async () => {
    const challenge = await playable({ maxAttempts: 1 }, { withoutEvaluator: true });
    const account = await makeAccount();
    const result = await submit(challenge.id, account.id, LEAK);
    expect(result).toMatchObject({ status: "errored", succeeded: false, attempts_left: 1 });
    expect(result.message).toMatch(/no Prompt Challenge step/);
    expect(result.answer).not.toContain(SECRET);
  });

  it("a pending attempt left by a dead process (from before leases) is taken over by its retry and counted once", async () => {
    const { challenge, account, stale } = await withPendingAttempt({
      idempotencyKey: "lost",
      createdAt: new Date(Date.now() - PENDING_STALE_MS - 1000),
    });
    const retried = await submit(challenge.id, account.id, LEAK, { idempotencyKey: "lost" });
    expect(retried).toMatchObject({ attempt_id: stale.id, status: "completed", succeeded: true, replayed: false, attempts_left: 0 });
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(1);
    // Counted once: the one allowed attempt is used.
    expect((await rejection(submit(challenge.id, account.id, LEAK))).code).toBe("attempts_exhausted");
  });

  it("a pending attempt whose lease ran out no longer counts", async () => {
    const { challenge, account, stale } = await withPendingAttempt({
      // Its lease ran out 1 s ago: the process running it stopped renewing it.
      leaseOwner: "another-host|4242|boot",
      leaseUntil: new Date(Date.now() - 1000),
    });
    expect(await submit(challenge.id, account.id, LEAK)).toMatchObject({ status: "completed", succeeded: true, attempts_left: 0 });
    // Not counted, and left to the start-up sweep (attempt-crash.test.ts) to close.
    expect(await db.challengeAttempt.count({ where: { id: stale.id, status: "pending" } })).toBe(1);
  });

  it("a pending attempt with a live lease elsewhere still counts, and a retry waits only until its deadline", async () => {
    const { challenge, account } = await withPendingAttempt({
      idempotencyKey: "busy",
      promptHash: promptHash(LEAK),
      leaseOwner: "another-host|4242|boot",
      leaseUntil: new Date(Date.now() + 60_000),
    });
    expect((await rejection(submit(challenge.id, account.id, LEAK))).code).toBe("attempts_exhausted");
    // Waiting for the other lease (60 s) instead of the 300 ms deadline would run past the test's
    // own timeout: no bound of ours to race a busy machine.
    const waited = await rejection(submit(challenge.id, account.id, LEAK, { idempotencyKey: "busy", deadline: Date.now() + 300 }));
    expect(waited.status).toBe(409);
    expect(waited.headers?.["Retry-After"]).toBeDefined();
  });
});
