// Players flag the verdicts of their own attempts: one flag per attempt, at most 10 open per
// player and workspace (429), bad input refused with nothing written, another player's attempt
// answered 404, and a guest flags by their signed cookie.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as flagPOST } from "@/app/web/api/challenges/[id]/attempts/[attemptId]/flag/route";
import { POST as decidePOST } from "@/app/console/api/verdict-reviews/[id]/decision/route";
import { guestSetCookie, newGuest } from "@/lib/auth/guest";
import { guestSessionId } from "@/lib/auth/guest-name";
import { MAX_OPEN_FLAGS } from "@/lib/contracts/verdict-reviews";
import { db } from "@/lib/db";
import { consoleActors, expect422, expectError, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { makeAttempt, makeEndUser } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";
import { as, playerIn, recorded, reviewChallenge, type Player } from "./review-support";

let actors: ConsoleActors;
let challenge: Awaited<ReturnType<typeof reviewChallenge>>;
let alice: Player;
let bob: Player;
beforeAll(async () => {
  actors = await consoleActors();
  challenge = await reviewChallenge(actors.wsA.id);
  [alice, bob] = await Promise.all([playerIn(actors.wsA.id, "alice"), playerIn(actors.wsA.id, "bob")]);
});

const flag = (who: Player, attemptId: string, body: unknown, challengeId = challenge.id) =>
  as(who.cookie, flagPOST, { params: { id: challengeId, attemptId }, body });

const flagsOf = (attemptId: string) => db.verdictFlag.count({ where: { attemptId } });

describe("flagging a verdict", () => {
  it("flags the player's own attempt and opens its review", async () => {
    const attempt = await recorded(challenge, alice, { status: "completed", succeeded: false });
    const res = await flag(alice, attempt.id, {
      reason: "should_have_won",
      details: "  It said the password.  ",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      attempt_id: attempt.id,
      reason: "should_have_won",
      review_status: "open",
    });
    const review = await db.verdictReview.findUniqueOrThrow({ where: { attemptId: attempt.id } });
    expect(review).toMatchObject({
      source: "flag",
      status: "open",
      workspaceId: actors.wsA.id,
      challengeId: challenge.id,
    });
    const row = await db.verdictFlag.findFirstOrThrow({ where: { attemptId: attempt.id } });
    expect(row).toMatchObject({
      reason: "should_have_won",
      details: "It said the password.",
      endUserId: alice.endUserId,
    });

    const again = await flag(alice, attempt.id, { reason: "other" });
    expectError(again, 409, "conflict");
    expect(await flagsOf(attempt.id)).toBe(1);
  });

  it("refuses bad input with a 422 and writes nothing", async () => {
    const attempt = await recorded(challenge, alice, { status: "completed", succeeded: true });
    expect422(await flag(alice, attempt.id, { reason: "i_disagree" }), "reason must be");
    expect422(await flag(alice, attempt.id, { reason: "other", details: "x".repeat(1001) }), "at most 1000");
    expect422(await flag(alice, attempt.id, { reason: "other", extra: 1 }));
    expect422(await flag(alice, attempt.id, {}));
    expect422(await flag(alice, "not-a-uuid", { reason: "other" }));
    expect(await flagsOf(attempt.id)).toBe(0);
    expect(await db.verdictReview.count({ where: { attemptId: attempt.id } })).toBe(0);
  });

  it("answers 404 for another player's attempt, an unknown one, or one of another challenge", async () => {
    const bobs = await recorded(challenge, bob, { status: "completed", succeeded: false });
    expectError(await flag(alice, bobs.id, { reason: "should_have_won" }), 404, "not_found");
    expectError(
      await flag(alice, "0190a0a0-0000-7000-8000-000000000000", { reason: "other" }),
      404,
      "not_found",
    );
    const other = await reviewChallenge(actors.wsA.id);
    const own = await recorded(challenge, alice, { status: "completed", succeeded: false });
    expectError(await flag(alice, own.id, { reason: "other" }, other.id), 404, "not_found");
    expect(await flagsOf(bobs.id)).toBe(0);
    expect(await flagsOf(own.id)).toBe(0);
  });

  it("refuses an attempt that was not judged, and a caller without an identity", async () => {
    const errored = await recorded(challenge, alice, { status: "errored", succeeded: false });
    expectError(await flag(alice, errored.id, { reason: "other" }), 409, "conflict");
    const res = await call(flagPOST, {
      method: "POST",
      params: { id: challenge.id, attemptId: errored.id },
      body: { reason: "other" },
      headers: ORIGIN,
    });
    expectError(res, 401, "unauthorized");
    expect(await flagsOf(errored.id)).toBe(0);
  });

  it(`holds at most ${MAX_OPEN_FLAGS} open flags per player and workspace; a decision frees one`, async () => {
    const carol = await playerIn(actors.wsA.id, "carol");
    const attempts = [];
    for (let i = 0; i <= MAX_OPEN_FLAGS; i++) {
      attempts.push(await recorded(challenge, carol, { status: "completed", succeeded: false }));
    }
    for (const a of attempts.slice(0, MAX_OPEN_FLAGS)) {
      expect((await flag(carol, a.id, { reason: "should_have_won" })).status).toBe(201);
    }
    const over = await flag(carol, attempts[MAX_OPEN_FLAGS]!.id, { reason: "should_have_won" });
    expectError(over, 429, "rate_limited");
    expect(over.json.error.message).toContain(`${MAX_OPEN_FLAGS} flagged verdicts waiting for review`);
    expect(await flagsOf(attempts[MAX_OPEN_FLAGS]!.id)).toBe(0);

    // Another workspace's limit is its own.
    const elsewhere = await reviewChallenge(actors.wsB.id);
    const carolB = {
      ...carol,
      endUserId: (await makeEndUser({ workspaceId: actors.wsB.id, accountId: carol.id })).id,
    };
    const b = await recorded(elsewhere, carolB, { status: "completed", succeeded: false });
    expect((await flag(carolB, b.id, { reason: "other" }, elsewhere.id)).status).toBe(201);

    const review = await db.verdictReview.findUniqueOrThrow({ where: { attemptId: attempts[0]!.id } });
    const decided = await as(actors.ownerA.cookie, decidePOST, {
      params: { id: review.id },
      body: { verdict: "no_win", note: "The answer did not contain the password." },
    });
    expect(decided.status, decided.text).toBe(200);
    expect((await flag(carol, attempts[MAX_OPEN_FLAGS]!.id, { reason: "should_have_won" })).status).toBe(201);
  });

  it("lets a guest flag their own attempt by their signed cookie", async () => {
    const guest = newGuest();
    const endUser = await makeEndUser({
      workspaceId: actors.wsA.id,
      accountId: null,
      type: "guest",
      sessionId: guestSessionId(guest.id),
    });
    const attempt = await makeAttempt({
      challengeId: challenge.id,
      endUserId: endUser.id,
      status: "completed",
    });
    const cookie = guestSetCookie(guest.token).split(";")[0]!;
    const res = await as(cookie, flagPOST, {
      params: { id: challenge.id, attemptId: attempt.id },
      body: { reason: "other" },
    });
    expect(res.status, res.text).toBe(201);
    const stranger = guestSetCookie(newGuest().token).split(";")[0]!;
    const mine = await makeAttempt({ challengeId: challenge.id, endUserId: endUser.id, status: "completed" });
    const refused = await as(stranger, flagPOST, {
      params: { id: challenge.id, attemptId: mine.id },
      body: { reason: "other" },
    });
    expectError(refused, 404, "not_found");
  });
});
