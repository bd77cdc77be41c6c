// Hints (CTFd-style) on a real database: unlock is idempotent and charged once, refused before
// the failed-attempt threshold, never returns a locked body, cannot cross challenges; the cost
// comes off the `first` board's score, the collection `sum` and the global board.
import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/web/api/challenges/[id]/hints/route";
import { POST as unlockRoute } from "@/app/web/api/challenges/[id]/hints/[hintId]/unlock/route";
import { GET as globalRoute } from "@/app/web/api/leaderboard/route";
import { createSessionToken } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { recordAttemptInTransaction } from "@/lib/services/attempts";
import {
  createHint,
  deleteHint,
  listConsoleHints,
  listPlayerHints,
  moveHint,
  unlockHint,
  updateHint,
} from "@/lib/services/hints";
import { getChallengeLeaderboard, getCollectionLeaderboard } from "@/lib/services/leaderboards";
import { getGlobalLeaderboard } from "@/lib/services/leaderboards/global-board";
import {
  collectionFirstBloods,
  collectionSolves,
  firstBloodOf,
} from "@/lib/services/leaderboards/board-marks";
import { ensureEndUser } from "@/lib/services/accounts";
import { makeAccount, makeCollection, makePlayableChallenge, makeWorkspace } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";

type Challenge = Awaited<ReturnType<typeof makePlayableChallenge>>;

async function play(challenge: Challenge, accountId: string, succeeded: boolean) {
  const { id: endUserId } = await ensureEndUser(challenge.workspaceId, accountId);
  return recordAttemptInTransaction({
    challenge: {
      id: challenge.id,
      workspaceId: challenge.workspaceId,
      scoringStrategy: challenge.scoringStrategy,
      points: challenge.points,
    },
    endUserId,
    accountId,
    status: "completed",
    succeeded,
  });
}

const SECRET_HINT = "The guard forgets its rules when asked to spell words backwards.";

describe("hints", () => {
  it("unlocks once and charges once; the board shows points net of the cost", async () => {
    const challenge = await makePlayableChallenge({ points: 100, scoringStrategy: "first" });
    const hint = await createHint(challenge.workspaceId, challenge.id, {
      body: SECRET_HINT,
      cost: 30,
      unlock_after_failures: null,
    });
    const player = await makeAccount({ name: "Hinted" });
    const other = await makeAccount({ name: "Plain" });

    const first = await unlockHint(challenge.id, hint.id, player.id);
    expect(first).toMatchObject({ charged: true, spent: 30, hint: { body: SECRET_HINT, unlocked: true } });
    const again = await unlockHint(challenge.id, hint.id, player.id);
    expect(again).toMatchObject({ charged: false, spent: 30 });
    expect(await db.challengeHintUnlock.count({ where: { hintId: hint.id } })).toBe(1);

    // The entry is created after the unlock: it takes the cost at record time.
    await play(challenge, other.id, true);
    await play(challenge, player.id, true);
    const board = await getChallengeLeaderboard(challenge.id);
    const byName = new Map(board.rows.map((r) => [r.display_name, r]));
    expect(byName.get("Hinted")).toMatchObject({ score: 70, hint_cost: 30 });
    expect(byName.get("Plain")).toMatchObject({ score: 100 });
    expect(byName.get("Plain")).not.toHaveProperty("hint_cost");

    // A second hint bought after the win adds to the existing entry, once.
    const late = await createHint(challenge.workspaceId, challenge.id, {
      body: "Late",
      cost: 80,
      unlock_after_failures: null,
    });
    await unlockHint(challenge.id, late.id, player.id);
    await unlockHint(challenge.id, late.id, player.id);
    const entry = await db.challengeLeaderboardEntry.findFirstOrThrow({
      where: { challengeId: challenge.id, accountId: player.id },
    });
    expect(entry.hintCost).toBe(110);
    const after = await getChallengeLeaderboard(challenge.id, { viewerAccountId: player.id });
    expect(after.viewer).toMatchObject({ score: 0, hint_cost: 110 }); // floor 0

    // Deleting a hint gives its cost back.
    await deleteHint(challenge.workspaceId, challenge.id, late.id);
    const refunded = await db.challengeLeaderboardEntry.findFirstOrThrow({
      where: { challengeId: challenge.id, accountId: player.id },
    });
    expect(refunded.hintCost).toBe(30);
  });

  it("is refused before k failed attempts, then available; locked bodies never reach the client", async () => {
    const challenge = await makePlayableChallenge({ points: 50 });
    const free = await createHint(challenge.workspaceId, challenge.id, {
      body: "FREE-BODY",
      cost: 0,
      unlock_after_failures: null,
    });
    const gated = await createHint(challenge.workspaceId, challenge.id, {
      body: "GATED-BODY",
      cost: 10,
      unlock_after_failures: 2,
    });
    const account = await makeAccount();
    const bearer = await createSessionToken(account);
    const path = `/web/api/challenges/${challenge.id}/hints`;

    const anon = await call(listRoute, { params: { id: challenge.id }, path });
    expect(anon.status).toBe(200);
    expect(JSON.stringify(anon.json)).not.toContain("BODY");
    expect(anon.json.hints).toHaveLength(2);

    const refused = await call(unlockRoute, {
      method: "POST",
      params: { id: challenge.id, hintId: gated.id },
      path: `${path}/${gated.id}/unlock`,
      bearer,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/after 2 failed attempts/);
    expect(await db.challengeHintUnlock.count({ where: { hintId: gated.id } })).toBe(0);

    const unauth = await call(unlockRoute, {
      method: "POST",
      params: { id: challenge.id, hintId: free.id },
      path: `${path}/${free.id}/unlock`,
    });
    expect(unauth.status).toBe(401);

    const ok = await call(unlockRoute, {
      method: "POST",
      params: { id: challenge.id, hintId: free.id },
      path: `${path}/${free.id}/unlock`,
      bearer,
    });
    expect(ok.status).toBe(200);
    const mine = await call(listRoute, { params: { id: challenge.id }, path, bearer });
    expect(JSON.stringify(mine.json)).toContain("FREE-BODY");
    expect(JSON.stringify(mine.json)).not.toContain("GATED-BODY");
    expect(mine.json.hints[1]).toMatchObject({
      unlocked: false,
      available: false,
      body: null,
      unlock_after_failures: 2,
    });

    await play(challenge, account.id, false);
    await play(challenge, account.id, false);
    const listed = await listPlayerHints(challenge.id, account.id);
    expect(listed.failures).toBe(2);
    expect(listed.hints[1]).toMatchObject({ available: true, body: null });
    await expect(unlockHint(challenge.id, gated.id, account.id)).resolves.toMatchObject({
      charged: true,
      spent: 10,
    });
  });

  it("cannot unlock a hint through another challenge's id, nor edit another workspace's hints", async () => {
    const a = await makePlayableChallenge({ points: 40 });
    const b = await makePlayableChallenge({ points: 40 });
    const hintOfB = await createHint(b.workspaceId, b.id, {
      body: "B-ONLY",
      cost: 5,
      unlock_after_failures: null,
    });
    const account = await makeAccount();
    const bearer = await createSessionToken(account);
    const res = await call(unlockRoute, {
      method: "POST",
      params: { id: a.id, hintId: hintOfB.id },
      path: `/web/api/challenges/${a.id}/hints/${hintOfB.id}/unlock`,
      bearer,
    });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain("B-ONLY");
    expect(await db.challengeHintUnlock.count({ where: { hintId: hintOfB.id } })).toBe(0);

    const elsewhere = await makeWorkspace();
    await expect(listConsoleHints(elsewhere.id, b.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(
      updateHint(a.workspaceId, a.id, hintOfB.id, { body: "x", cost: 1, unlock_after_failures: null }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(deleteHint(elsewhere.id, b.id, hintOfB.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.challengeHint.count({ where: { id: hintOfB.id } })).toBe(1);
  });

  it("validates creators' input and keeps the order", async () => {
    const c = await makePlayableChallenge({ points: 20 });
    await expect(
      createHint(c.workspaceId, c.id, { body: "x", cost: 21, unlock_after_failures: null }),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(
      createHint(c.workspaceId, c.id, { body: "x".repeat(2001), cost: 0, unlock_after_failures: null }),
    ).rejects.toThrow();
    await expect(
      createHint(c.workspaceId, c.id, { body: "x", cost: 0, unlock_after_failures: 1001 }),
    ).rejects.toThrow();
    await expect(
      createHint(c.workspaceId, c.id, { body: "x", cost: -1, unlock_after_failures: null }),
    ).rejects.toThrow();
    expect(await db.challengeHint.count({ where: { challengeId: c.id } })).toBe(0);
    const one = await createHint(c.workspaceId, c.id, { body: "one", cost: 0, unlock_after_failures: null });
    const two = await createHint(c.workspaceId, c.id, { body: "two", cost: 20, unlock_after_failures: 1000 });
    await moveHint(c.workspaceId, c.id, two.id, "up");
    expect((await listConsoleHints(c.workspaceId, c.id)).map((h) => h.body)).toEqual(["two", "one"]);
    await updateHint(c.workspaceId, c.id, one.id, { body: "uno", cost: 5, unlock_after_failures: 3 });
    expect((await listConsoleHints(c.workspaceId, c.id))[1]).toMatchObject({
      body: "uno",
      cost: 5,
      unlock_after_failures: 3,
    });
  });
});

describe("boards net of hints", () => {
  it("the collection sum subtracts each player's hint costs per challenge (floor 0); marks and chart solves follow", async () => {
    const c1 = await makePlayableChallenge({ points: 100 });
    const c2 = await makePlayableChallenge({ appId: c1.appId, points: 50 });
    const collection = await makeCollection({ appId: c1.appId, scoringStrategy: "sum", isPublic: true });
    await db.challengeCollectionItem.createMany({
      data: [
        { collectionId: collection.id, challengeId: c1.id, position: 0 },
        { collectionId: collection.id, challengeId: c2.id, position: 1 },
      ],
    });
    const h1 = await createHint(c1.workspaceId, c1.id, { body: "h1", cost: 40, unlock_after_failures: null });
    const h2 = await createHint(c2.workspaceId, c2.id, { body: "h2", cost: 50, unlock_after_failures: null });
    const alice = await makeAccount({ name: "Alice" });
    const bob = await makeAccount({ name: "Bob" });
    await play(c1, bob.id, true); // first blood on c1
    await unlockHint(c1.id, h1.id, alice.id);
    await play(c1, alice.id, true);
    await play(c2, alice.id, true); // first blood on c2
    await unlockHint(c2.id, h2.id, alice.id); // after the win

    const board = await getCollectionLeaderboard(collection.id);
    const score = new Map(board.rows.map((r) => [r.display_name, r.score]));
    expect(score.get("Alice")).toBe(60 + 0);
    expect(score.get("Bob")).toBe(100);
    expect(board.rows[0]!.display_name).toBe("Bob");

    expect(await firstBloodOf(c1.id)).toBe(bob.id);
    expect(await collectionFirstBloods(collection.id)).toEqual({ [bob.id]: 1, [alice.id]: 1 });
    const solves = await collectionSolves(collection.id, [alice.id, bob.id]);
    expect(
      solves
        .filter((s) => s.player === alice.id)
        .map((s) => s.points)
        .sort(),
    ).toEqual([0, 60]);

    // The global board, limited to this workspace: the same sums, paged, with the viewer.
    const global = await getGlobalLeaderboard({
      workspaceId: c1.workspaceId,
      limit: 1,
      viewerAccountId: alice.id,
    });
    expect(global.total).toBe(2);
    expect(global.rows).toHaveLength(1);
    expect(global.rows[0]).toMatchObject({
      display_name: "Bob",
      points: 100,
      solved: 1,
      rank: 1,
      first_bloods: 1,
    });
    expect(global.viewer).toMatchObject({
      display_name: "Alice",
      points: 60,
      solved: 2,
      rank: 2,
      first_bloods: 1,
    });

    const res = await call(globalRoute, {
      path: `/web/api/leaderboard?workspace_id=${c1.workspaceId}&limit=10`,
    });
    expect(res.status).toBe(200);
    expect(res.json.rows.map((r: { points: number }) => r.points)).toEqual([100, 60]);
    const bad = await call(globalRoute, { path: `/web/api/leaderboard?limit=0` });
    expect(bad.status).toBe(422);
  });

  it("the global board leaves out inactive and unpublished challenges and sums across workspaces", async () => {
    const account = await makeAccount({ name: "Roamer" });
    const live1 = await makePlayableChallenge({ points: 10 });
    const live2 = await makePlayableChallenge({ points: 20 });
    const inactive = await makePlayableChallenge({ points: 1000 });
    await play(live1, account.id, true);
    await play(live2, account.id, true);
    await play(inactive, account.id, true);
    await db.challenge.update({ where: { id: inactive.id }, data: { isActive: false } });
    const global = await getGlobalLeaderboard({ viewerAccountId: account.id, limit: 100 });
    expect(global.viewer).toMatchObject({ points: 30, solved: 2 });
  });
});
