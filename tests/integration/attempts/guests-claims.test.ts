// Guests keep their attempts when they register or log in: registering claims them in every
// workspace, logging in merges them into the account's player, a forged cookie claims nothing.
import { describe, expect, it } from "vitest";
import { guestCookieName } from "@/lib/auth/guest";
import { db } from "@/lib/db";
import { guestDisplayName, guestSessionId } from "@/lib/auth/guest-name";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import { makePlayableChallenge } from "@/tests/helpers/factories";
import { email, guestChallenge, guestWins, logIn, play, register, SECRET } from "./guests-support";

describe("guests", () => {
  it("registering claims the guest's attempts and board entries, in every workspace; the cookie is cleared", async () => {
    const shown = await guestChallenge({ guestsOnBoards: true });
    const hidden = await guestChallenge({ guestsOnBoards: false });
    const guest = await guestWins(shown.id);
    await guestWins(hidden.id, guest.cookie);
    await play(hidden.id, { cookie: guest.cookie, prompt: "What a nice day." });

    const address = email();
    const res = await register("Claimer", address, guest.cookie);
    expect(res.status).toBe(201);
    const accountId = res.json.account.id as string;
    // The guest cookie is cleared.
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${guestCookieName()}=`));
    expect(cleared).toMatch(/Max-Age=0/);

    const attempts = await db.challengeAttempt.findMany({
      where: { challengeId: { in: [shown.id, hidden.id] } },
    });
    expect(attempts).toHaveLength(3);
    expect(attempts.every((a) => a.accountId === accountId)).toBe(true);
    const endUsers = await db.endUser.findMany({ where: { accountId } });
    expect(endUsers).toHaveLength(2);
    expect(endUsers.every((e) => e.type === "account" && e.sessionId === null)).toBe(true);
    expect(await db.endUser.count({ where: { sessionId: guestSessionId(guest.id) } })).toBe(0);

    for (const id of [shown.id, hidden.id]) {
      const board = await getChallengeLeaderboard(id, { viewerAccountId: accountId });
      expect(board.total).toBe(1);
      expect(board.rows[0]).toMatchObject({ account_id: accountId, display_name: "Claimer", rank: 1 });
      expect(board.viewer?.account_id).toBe(accountId);
    }
    const hiddenEntry = await db.challengeLeaderboardEntry.findFirstOrThrow({
      where: { challengeId: hidden.id },
    });
    expect(hiddenEntry.attemptsCount).toBe(2);

    // Claimed once: the same (now cleared) guest id claims nothing for another account.
    const again = await register("Late", email(), guest.cookie);
    expect(again.status).toBe(201);
    expect(await db.challengeAttempt.count({ where: { accountId: again.json.account.id } })).toBe(0);
  });

  it("a forged guest cookie claims nothing on register", async () => {
    const challenge = await guestChallenge({ guestsOnBoards: true });
    const guest = await guestWins(challenge.id);
    const forged = `${guest.cookie.slice(0, -3)}xyz`;
    const res = await register("Thief", email(), forged);
    expect(res.status).toBe(201);
    expect(await db.challengeAttempt.count({ where: { accountId: res.json.account.id } })).toBe(0);
    const endUser = await db.endUser.findFirstOrThrow({ where: { sessionId: guestSessionId(guest.id) } });
    expect(endUser.type).toBe("guest");
    expect((await getChallengeLeaderboard(challenge.id)).rows[0]?.display_name).toBe(
      guestDisplayName(guest.id),
    );
  });

  it("logging in merges the guest into the account's existing player in that workspace", async () => {
    const address = email();
    const reg = await register("Merger", address);
    const accountId = reg.json.account.id as string;
    const challenge = await guestChallenge({ guestsOnBoards: false });
    // The account already played here (and lost); then, signed out, won as a guest.
    const lost = await play(challenge.id, { bearer: reg.json.access_token, prompt: "Hello there." });
    expect(lost.json.succeeded).toBe(false);
    const guest = await guestWins(challenge.id);
    const res = await logIn(address, guest.cookie);
    expect(res.status).toBe(200);
    const own = await db.endUser.findFirstOrThrow({
      where: { workspaceId: challenge.workspaceId, accountId },
    });
    const attempts = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
    expect(attempts).toHaveLength(2);
    expect(attempts.every((a) => a.endUserId === own.id && a.accountId === accountId)).toBe(true);
    expect(await db.endUser.count({ where: { sessionId: guestSessionId(guest.id) } })).toBe(0);
    const board = await getChallengeLeaderboard(challenge.id);
    expect(board.rows).toHaveLength(1);
    expect(board.rows[0]).toMatchObject({ account_id: accountId, display_name: "Merger", attempts: 2 });
  });

  it("a merge keeps the account's attempt limit and what it spent on hints", async () => {
    const address = email();
    const reg = await register("Limited", address);
    const accountId = reg.json.account.id as string;
    const bearer = reg.json.access_token as string;
    // One attempt allowed: the account uses it (and loses), then wins as a guest and logs in.
    const limited = await makePlayableChallenge(
      { allowGuests: true, guestsOnBoards: true, maxAttempts: 1 },
      { secret: SECRET },
    );
    expect((await play(limited.id, { bearer, prompt: "Hello there." })).json.succeeded).toBe(false);
    const guest = await guestWins(limited.id);
    // A second challenge: the account bought a hint and won; a guest attempt there is merged too.
    const hinted = await guestChallenge({ guestsOnBoards: true });
    const hint = await db.challengeHint.create({
      data: { challengeId: hinted.id, body: "Ask nicely.", cost: 30 },
    });
    const own = await db.endUser.findFirstOrThrow({ where: { workspaceId: limited.workspaceId, accountId } });
    expect(hinted.workspaceId).not.toBe(limited.workspaceId);
    expect((await play(hinted.id, { bearer })).json.succeeded).toBe(true);
    const ownHinted = await db.endUser.findFirstOrThrow({
      where: { workspaceId: hinted.workspaceId, accountId },
    });
    await db.challengeHintUnlock.create({
      data: { hintId: hint.id, challengeId: hinted.id, endUserId: ownHinted.id, accountId, cost: 30 },
    });
    await db.challengeLeaderboardEntry.updateMany({
      where: { challengeId: hinted.id },
      data: { hintCost: 30 },
    });
    await play(hinted.id, { cookie: guest.cookie, prompt: "Hello there." });

    const res = await logIn(address, guest.cookie);
    expect(res.status).toBe(200);
    // The guest's win came after the account's one allowed attempt: it does not count.
    expect(await db.challengeAttempt.count({ where: { challengeId: limited.id, endUserId: own.id } })).toBe(
      2,
    );
    expect((await getChallengeLeaderboard(limited.id)).rows).toEqual([]);
    // The hinted board entry was rebuilt and still carries the hint's cost.
    const entry = await db.challengeLeaderboardEntry.findFirstOrThrow({ where: { challengeId: hinted.id } });
    expect(entry).toMatchObject({ endUserId: ownHinted.id, hintCost: 30 });
  });
});
