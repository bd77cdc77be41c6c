// Gauntlet accounts in the arena: a signed-in player takes a seat as a human (an identity derived
// from the account, never from the request), acts and chats only in games where it holds a seat,
// reads its own DMs; links agent keys only with a fresh signature of the link message, and an
// identity linked to one account cannot be taken by another.
import { beforeAll, describe, expect, it } from "vitest";
import { linkMessage } from "@/lib/arena/identity";
import { db } from "@/lib/db";
import { ArenaError } from "@/lib/services/arena/errors";
import {
  actAsAccount,
  chatAsAccount,
  humanUserId,
  identitiesOfAccount,
  joinAsAccount,
  linkIdentity,
  readAsAccount,
  unlinkIdentity,
} from "@/lib/services/arena/humans";
import { createGame, join, joinBody, makeIdentity, setArenaMode } from "@/tests/helpers/arena";

let alice: { id: string; name: string };
let bob: { id: string; name: string };

beforeAll(async () => {
  setArenaMode("auth");
  alice = await db.account.create({ data: { email: `alice-${Date.now()}@arena.test`, name: "Alice" } });
  bob = await db.account.create({ data: { email: `bob-${Date.now()}@arena.test`, name: "Bob" } });
});

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string; code?: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ArenaError) return { status: err.status, message: err.message, code: err.code };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("humans in the arena", () => {
  it("seats an account, keeps its DMs to itself and refuses non-players", async () => {
    const game = await createGame("psi");
    const seat = await joinAsAccount(alice, game.invites[0]!);
    expect(seat).toEqual({ gameId: game.id, position: 0 });
    await join(joinBody(makeIdentity(), game.invites[1]!));
    const mine = await readAsAccount(alice.id, game.id);
    expect(mine.invite).toBe(game.invites[0]);
    expect(mine.operator.messages.find((m) => m.to === game.invites[0])!.content).toMatch(/Your private set/);
    expect(mine.operator.messages.find((m) => m.to === game.invites[1])!.redacted).toBe(true);
    const stranger = await readAsAccount(bob.id, game.id);
    expect(stranger.invite).toBeNull();
    const strangerDms = stranger.operator.messages.filter((m) => m.to);
    expect(strangerDms.length).toBeGreaterThanOrEqual(2); // both join DMs
    expect(strangerDms.every((m) => m.redacted)).toBe(true);

    expect(await refusal(actAsAccount(bob.id, game.id, "guess", "100"))).toEqual({
      status: 400,
      message: "Player not found.",
      code: "PLAYER_NOT_FOUND",
    });
    expect(await refusal(actAsAccount(alice.id, game.id, "guess", "no numbers"))).toMatchObject({
      code: "INVALID_GUESS",
    });
    await expect(actAsAccount(alice.id, game.id, "guess", "100 200 300")).resolves.toEqual({
      ok: "Message sent",
    });
    const sent = await chatAsAccount(alice.id, game.id, "hello from a human");
    expect(sent).toMatchObject({ index: 1, from: game.invites[0], to: null });
    // The seat's identity is the account's, with a profile naming it.
    const identities = await identitiesOfAccount(alice.id);
    expect(identities).toContainEqual({ userId: humanUserId(alice.id), username: "Alice", model: "human" });
    // A taken seat cannot be taken again.
    expect(await refusal(joinAsAccount(bob, game.invites[0]!))).toMatchObject({
      code: "INVITE_ALREADY_USED",
    });
  });

  it("links an agent key only with a fresh signature, and only to one account", async () => {
    const agent = makeIdentity();
    const ts = Date.now();
    const wrongKey = makeIdentity();
    expect(
      await refusal(
        linkIdentity(alice.id, {
          publicKey: agent.publicKeyHex,
          signature: wrongKey.sign(linkMessage(alice.id, ts)),
          timestamp: ts,
        }),
      ),
    ).toMatchObject({ status: 401, message: "Invalid signature" });
    // Signed for another account: invalid here.
    expect(
      await refusal(
        linkIdentity(alice.id, {
          publicKey: agent.publicKeyHex,
          signature: agent.sign(linkMessage(bob.id, ts)),
          timestamp: ts,
        }),
      ),
    ).toMatchObject({ message: "Invalid signature" });
    const old = ts - 10 * 60_000;
    expect(
      await refusal(
        linkIdentity(alice.id, {
          publicKey: agent.publicKeyHex,
          signature: agent.sign(linkMessage(alice.id, old)),
          timestamp: old,
        }),
      ),
    ).toMatchObject({ message: "Timestamp expired" });
    const linked = await linkIdentity(alice.id, {
      publicKey: agent.publicKeyHex,
      signature: agent.sign(linkMessage(alice.id, ts)),
      timestamp: ts,
    });
    expect(linked.userId).toBe(agent.userId);
    expect((await identitiesOfAccount(alice.id)).map((i) => i.userId)).toContain(agent.userId);
    const ts2 = Date.now();
    expect(
      await refusal(
        linkIdentity(bob.id, {
          publicKey: agent.publicKeyHex,
          signature: agent.sign(linkMessage(bob.id, ts2)),
          timestamp: ts2,
        }),
      ),
    ).toMatchObject({ message: "This identity is linked to another account" });
    expect(await refusal(unlinkIdentity(bob.id, agent.userId))).toMatchObject({ status: 400 });
    await unlinkIdentity(alice.id, agent.userId);
    expect((await identitiesOfAccount(alice.id)).map((i) => i.userId)).not.toContain(agent.userId);
  });
});

describe("arena identity races", () => {
  it("a signed profile update replayed at once is applied once; a replay cannot overwrite a newer one", async () => {
    const { profileMessage } = await import("@/lib/arena/identity");
    const { updateProfile } = await import("@/lib/services/arena/users");
    const { upsertProfile } = await import("@/lib/services/arena/store-users");
    const { transaction } = await import("@/lib/db/sql");
    const agent = makeIdentity();
    const ts = Date.now();
    const body = (username: string, at = ts) => ({
      username,
      publicKey: agent.publicKeyHex,
      signature: agent.sign(profileMessage(at)),
      timestamp: at,
    });
    const results = await Promise.allSettled([updateProfile(body("first")), updateProfile(body("first"))]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ message: "Timestamp expired" });
    // The write itself refuses a signature no newer than the stored one (what a racing replay
    // that passed the read-time check meets).
    expect(
      await transaction(() =>
        upsertProfile(agent.userId, { username: "replayed", lastSignedAt: ts }, new Date()),
      ),
    ).toBe(0);
    expect(
      await transaction(() =>
        upsertProfile(agent.userId, { username: "older", lastSignedAt: ts - 1 }, new Date()),
      ),
    ).toBe(0);
    expect((await db.arenaUser.findUniqueOrThrow({ where: { id: agent.userId } })).username).toBe("first");
    const newer = await updateProfile(body("second", ts + 1));
    expect(newer.username).toBe("second");
  });

  it("two accounts linking one identity at once: one wins, the other is refused", async () => {
    const { linkAccount } = await import("@/lib/services/arena/store-users");
    const { transaction } = await import("@/lib/db/sql");
    const agent = makeIdentity();
    const ts = Date.now();
    const link = (account: { id: string }) =>
      linkIdentity(account.id, {
        publicKey: agent.publicKeyHex,
        signature: agent.sign(linkMessage(account.id, ts)),
        timestamp: ts,
      });
    const results = await Promise.allSettled([link(alice), link(bob)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const row = await db.arenaUser.findUniqueOrThrow({ where: { id: agent.userId } });
    expect([alice.id, bob.id]).toContain(row.accountId);
    const loser = row.accountId === alice.id ? bob : alice;
    // The write itself refuses to move a linked identity to another account.
    expect(await transaction(() => linkAccount(agent.userId, loser.id, new Date()))).toBe(0);
    expect((await db.arenaUser.findUniqueOrThrow({ where: { id: agent.userId } })).accountId).toBe(
      row.accountId,
    );
  });
});
