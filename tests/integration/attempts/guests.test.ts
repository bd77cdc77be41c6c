// Guests play at once where the creator allows it (signed cookie, limited per guest and per client
// address), appear on boards as "Guest-1234" only where allowed, and get nothing from another
// workspace beyond what any guest gets.
import { describe, expect, it } from "vitest";
import { guestCookieName, newGuest, verifyGuestToken } from "@/lib/auth/guest";
import { createSessionToken } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { guestDisplayName, guestSessionId } from "@/lib/auth/guest-name";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import { makeAccount, makeApp, makePlayableChallenge } from "@/tests/helpers/factories";
import { freshIp } from "@/tests/helpers/route";
import { guestChallenge, guestCookieFrom, guestIdOfCookie, guestWins, play, SECRET } from "./guests-support";

describe("guests", () => {
  it("a visitor plays a challenge that allows guests: a signed cookie, a guest end user, no account", async () => {
    const challenge = await guestChallenge();
    const first = await guestWins(challenge.id);
    // The cookie is httpOnly and names a random id; the end user is keyed "guest:<id>".
    const raw = first.res.headers.getSetCookie().find((c) => c.startsWith(`${guestCookieName()}=`))!;
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    const endUser = await db.endUser.findUniqueOrThrow({
      where: {
        workspaceId_sessionId: { workspaceId: challenge.workspaceId, sessionId: guestSessionId(first.id) },
      },
    });
    expect(endUser.type).toBe("guest");
    expect(endUser.accountId).toBeNull();
    // A second attempt with the cookie is the same guest (no new cookie, same end user).
    const again = await play(challenge.id, { cookie: first.cookie });
    expect(again.status).toBe(201);
    expect(guestCookieFrom(again.headers)).toBeUndefined();
    const attempts = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((a) => a.endUserId))).toEqual(new Set([endUser.id]));
    expect(attempts.every((a) => a.accountId === null)).toBe(true);
    expect(guestDisplayName(first.id)).toMatch(/^Guest-\d{4}$/);
    expect(guestDisplayName(first.id)).toBe(guestDisplayName(first.id));
  });

  it("refuses guests on a challenge without allowGuests: 401, nothing stored", async () => {
    const challenge = await guestChallenge({ allowGuests: false });
    const res = await play(challenge.id);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
    // Even with a valid guest cookie from another challenge.
    const other = await guestChallenge();
    const { cookie } = await guestWins(other.id);
    expect((await play(challenge.id, { cookie })).status).toBe(401);
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(0);
    expect(await db.endUser.count({ where: { workspaceId: challenge.workspaceId, type: "guest" } })).toBe(0);
  });

  it("a forged, re-signed or expired guest cookie is no guest: a new guest is made instead", async () => {
    const challenge = await guestChallenge();
    const { cookie, id } = await guestWins(challenge.id);
    const value = cookie.slice(cookie.indexOf("=") + 1);
    const [gid, issued, mac] = value.split(".") as [string, string, string];
    const flipped = `${mac.slice(0, -2)}${mac.endsWith("AA") ? "BB" : "AA"}`;
    const forgeries = [
      `${gid}.${issued}.${flipped}`, // mac tampered
      `${"A".repeat(22)}.${issued}.${mac}`, // another id under this mac
      `${gid}.${Number(issued) + 5}.${mac}`, // issued time changed
      `${gid}.${issued}`, // no mac
    ];
    for (const forged of forgeries) {
      expect(verifyGuestToken(forged)).toBeNull();
      const res = await play(challenge.id, { cookie: `${guestCookieName()}=${forged}` });
      expect(res.status).toBe(201);
      const minted = guestCookieFrom(res.headers);
      expect(minted).toBeDefined();
      expect(guestIdOfCookie(minted!)).not.toBe(id);
    }
    // A forged cookie never adds to the real guest's attempts.
    const own = await db.endUser.findFirstOrThrow({ where: { sessionId: guestSessionId(id) } });
    expect(await db.challengeAttempt.count({ where: { endUserId: own.id } })).toBe(1);
    // Expired: a token issued more than 30 days ago.
    const old = newGuest(Date.now() - 31 * 24 * 3600 * 1000);
    expect(verifyGuestToken(old.token)).toBeNull();
    expect(verifyGuestToken(newGuest().token)).not.toBeNull();
  });

  it("limits guests per client address (new cookies do not help) and per guest id (new addresses do not help)", async () => {
    // Unpublished: each refused attempt is cheap (409 after the limits), and still counts.
    const draft = await makePlayableChallenge({ allowGuests: true }, { secret: SECRET, publish: false });
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await play(draft.id, { ip })).status);
    expect(statuses.slice(0, 30).every((s) => s === 409)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await play(draft.id, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await play(draft.id, { ip: freshIp() })).status).toBe(409);

    // One guest hopping addresses: 10 a minute.
    const first = await play(draft.id, { ip: freshIp() });
    const cookie = guestCookieFrom(first.headers)!;
    const hops: number[] = [];
    for (let i = 0; i < 10; i++) hops.push((await play(draft.id, { ip: freshIp(), cookie })).status);
    expect(hops.slice(0, 9).every((s) => s === 409)).toBe(true);
    expect(hops[9]).toBe(429);
  });

  it("shows guests on the board as Guest-NNNN only where the challenge allows it; hidden guests still see their result", async () => {
    const shown = await guestChallenge({ guestsOnBoards: true });
    const hidden = await guestChallenge({ guestsOnBoards: false });
    const a = await guestWins(shown.id);
    const b = await guestWins(hidden.id);
    const shownBoard = await getChallengeLeaderboard(shown.id);
    expect(shownBoard.total).toBe(1);
    expect(shownBoard.rows[0]).toMatchObject({
      account_id: null,
      display_name: guestDisplayName(a.id),
      rank: 1,
    });
    const hiddenBoard = await getChallengeLeaderboard(hidden.id);
    expect(hiddenBoard.total).toBe(0);
    expect(hiddenBoard.rows).toEqual([]);
    // Their own result was shown to them all the same.
    expect(b.res.json).toMatchObject({ succeeded: true, status: "completed" });
    // A registered player on the hidden board is listed as usual (with their own name).
    const account = await makeAccount({ name: "Ada Visible" });
    const win = await play(hidden.id, { bearer: await createSessionToken(account) });
    expect(win.status).toBe(201);
    const after = await getChallengeLeaderboard(hidden.id);
    expect(after.rows.map((r) => r.display_name)).toEqual(["Ada Visible"]);
  });

  it("hostile tenant: a guest of workspace A's challenge gets nothing in workspace B beyond any guest", async () => {
    const appA = await makeApp();
    const appB = await makeApp();
    const inA = await guestChallenge({ appId: appA.id, guestsOnBoards: true });
    const closedB = await guestChallenge({ appId: appB.id, allowGuests: false });
    const openB = await guestChallenge({ appId: appB.id, guestsOnBoards: true });
    const guest = await guestWins(inA.id);
    // B's closed challenge refuses them as it refuses any guest.
    expect((await play(closedB.id, { cookie: guest.cookie })).status).toBe(401);
    // B's open one: a guest end user of B's own, not A's.
    const inB = await play(openB.id, { cookie: guest.cookie, prompt: "Hello." });
    expect(inB.status).toBe(201);
    const rows = await db.endUser.findMany({ where: { sessionId: guestSessionId(guest.id) } });
    expect(rows.map((r) => r.workspaceId).sort()).toEqual([appA.workspaceId, appB.workspaceId].sort());
    const aAttempts = await db.challengeAttempt.findMany({ where: { workspaceId: appA.workspaceId } });
    const bAttempts = await db.challengeAttempt.findMany({ where: { workspaceId: appB.workspaceId } });
    expect(new Set(aAttempts.map((a) => a.endUserId)).size).toBe(1);
    expect(bAttempts.some((b) => aAttempts.some((a) => a.endUserId === b.endUserId))).toBe(false);
    // A's win does not show on B's board.
    expect((await getChallengeLeaderboard(openB.id)).total).toBe(0);
  });
});
