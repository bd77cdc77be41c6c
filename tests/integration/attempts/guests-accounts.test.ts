// Creators choose per challenge whether guests play and show on boards; deleting an account
// needs its password (or email address), removes its board places and keeps every workspace owned.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { deleteAccount, deletionConfirmation } from "@/lib/services/account-deletion";
import { createChallenge, getChallenge, updateChallenge } from "@/lib/services/challenges";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import { makeAccount, makeApp, makeMembership, makeWorkspace } from "@/tests/helpers/factories";
import { freshIp } from "@/tests/helpers/route";
import { email, guestChallenge, PASSWORD, play, register } from "./guests-support";

describe("creators choose per challenge", () => {
  it("allow_guests and guests_on_boards: off by default, set on create and by PATCH, and the attempt route follows them", async () => {
    const app = await makeApp();
    const created = await createChallenge(app.workspaceId, null, {
      app_id: app.id,
      name: "Guests?",
      goal: "g",
      success_pattern: "x",
    });
    expect(created).toMatchObject({ allow_guests: false, guests_on_boards: false });
    const open = await createChallenge(app.workspaceId, null, {
      app_id: app.id,
      name: "Guests!",
      goal: "g",
      success_pattern: "x",
      allow_guests: true,
      guests_on_boards: true,
    });
    expect(open).toMatchObject({ allow_guests: true, guests_on_boards: true });
    await updateChallenge(app.workspaceId, null, open.id, { guests_on_boards: false });
    expect(await getChallenge(app.workspaceId, open.id)).toMatchObject({
      allow_guests: true,
      guests_on_boards: false,
    });

    const playable = await guestChallenge({ allowGuests: false });
    expect((await play(playable.id)).status).toBe(401);
    await updateChallenge(playable.workspaceId, null, playable.id, { allow_guests: true });
    expect((await play(playable.id)).status).toBe(201);
  });
});

describe("deleting an account", () => {
  it("needs the password (the email address is not enough); removes attempts, board places and sessions' account", async () => {
    const address = email();
    const reg = await register("Leaver", address);
    const accountId = reg.json.account.id as string;
    const challenge = await guestChallenge({ allowGuests: false });
    expect((await play(challenge.id, { bearer: reg.json.access_token })).json.succeeded).toBe(true);
    expect((await getChallengeLeaderboard(challenge.id)).rows.map((r) => r.account_id)).toEqual([accountId]);

    // Someone at an unlocked browser can read the email address off the page: it does not do.
    for (const wrong of ["not-the-password", "", address, address.toUpperCase()]) {
      await expect(deleteAccount(accountId, wrong, freshIp())).rejects.toMatchObject({
        code: "validation_failed",
        message: "That is not your password.",
      });
    }
    expect(await db.account.count({ where: { id: accountId } })).toBe(1);
    expect(await deletionConfirmation(accountId)).toBe("password");

    const done = await deleteAccount(accountId, PASSWORD, freshIp());
    expect(done.challengeIds).toEqual([challenge.id]);
    expect(await db.account.count({ where: { id: accountId } })).toBe(0);
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(0);
    const board = await getChallengeLeaderboard(challenge.id);
    expect(board.total).toBe(0);
    expect(board.rows).toEqual([]);
    // The old session token no longer works.
    const res = await play(challenge.id, { bearer: reg.json.access_token });
    expect(res.status).toBe(401);
  });

  it("accepts the password; refuses a sole owner of a workspace with other members; deletes a workspace they alone belong to", async () => {
    const reg = await register("Owner");
    const accountId = reg.json.account.id as string;
    const shared = await makeWorkspace();
    await makeMembership({ workspaceId: shared.id, accountId, role: "owner" });
    const other = await makeAccount();
    await makeMembership({ workspaceId: shared.id, accountId: other.id, role: "editor" });
    await expect(deleteAccount(accountId, PASSWORD, freshIp())).rejects.toMatchObject({ code: "conflict" });
    expect(await db.account.count({ where: { id: accountId } })).toBe(1);

    await db.membership.updateMany({
      where: { workspaceId: shared.id, accountId: other.id },
      data: { role: "owner" },
    });
    const solo = await makeWorkspace();
    await makeMembership({ workspaceId: solo.id, accountId, role: "owner" });
    await deleteAccount(accountId, PASSWORD, freshIp());
    expect(await db.account.count({ where: { id: accountId } })).toBe(0);
    expect(await db.workspace.count({ where: { id: solo.id } })).toBe(0);
    expect(await db.workspace.count({ where: { id: shared.id } })).toBe(1);
  });

  it("an account without a password (email codes) confirms with its email address", async () => {
    const account = await makeAccount();
    expect(await deletionConfirmation(account.id)).toBe("email");
    await expect(deleteAccount(account.id, "someone-else@example.test", freshIp())).rejects.toMatchObject({
      code: "validation_failed",
      message: "That is not your email address.",
    });
    await deleteAccount(account.id, ` ${account.email.toUpperCase()} `, freshIp());
    expect(await db.account.count({ where: { id: account.id } })).toBe(0);
  });

  it("co-owners deleting their accounts at once: one of each pair goes, the other is refused, every workspace keeps an owner", async () => {
    const pairs = [];
    for (let i = 0; i < 6; i++) {
      const shared = await makeWorkspace();
      const owners = [await makeAccount(), await makeAccount()];
      for (const o of owners)
        await makeMembership({ workspaceId: shared.id, accountId: o.id, role: "owner" });
      await makeMembership({ workspaceId: shared.id, accountId: (await makeAccount()).id, role: "editor" });
      pairs.push({ shared, owners });
    }
    const results = await Promise.all(
      pairs.map(({ owners }) =>
        Promise.allSettled(owners.map((o) => deleteAccount(o.id, o.email, freshIp()))),
      ),
    );
    for (const [i, settled] of results.entries()) {
      expect(settled.map((r) => r.status).sort(), `pair ${i}`).toEqual(["fulfilled", "rejected"]);
      const refused = settled.find((r) => r.status === "rejected")!;
      expect(refused.reason).toMatchObject({ code: "conflict" });
      const workspaceId = pairs[i]!.shared.id;
      expect(await db.membership.count({ where: { workspaceId, role: "owner" } })).toBe(1);
    }
  });
});
