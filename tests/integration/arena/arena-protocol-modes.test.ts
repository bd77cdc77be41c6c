// The arena wire protocol in standalone mode, the per-address game creation limit and the clean-up
// of open games nobody joins. Runs on SQLite and PostgreSQL.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/v1/challenges/[name]/route";
import {
  act,
  createGame,
  join,
  joinBody,
  listOfType,
  makeIdentity,
  setArenaMode,
  syncOperator,
} from "@/tests/helpers/arena";
import { call } from "@/tests/helpers/route";
import type { Msg } from "./arena-protocol-support";

afterAll(() => setArenaMode("auth"));

describe("arena protocol: standalone mode", () => {
  beforeEach(() => setArenaMode("standalone"));

  it("uses the invite as identity and the given userId", async () => {
    const game = await createGame("psi");
    const [a, b] = game.invites as [string, string];
    const ja = await join({ invite: a, userId: "alice-sa" });
    expect(ja.status).toBe(200);
    expect(ja.json.sessionKey).toBeUndefined();
    await join({ invite: b });
    expect((await act({ challengeId: game.id, messageType: "guess", content: "1" })).json).toEqual({
      error: "from is required",
    });
    const stranger = await act({
      challengeId: game.id,
      messageType: "guess",
      content: "1",
      from: "inv_stranger",
    });
    expect(stranger.json).toEqual({ error: "Player not found.", code: "PLAYER_NOT_FOUND" });
    const own = (await syncOperator(game.id, 0, { from: a })).json.messages as Msg[];
    expect(own.find((m) => m.to === a)!.content).toMatch(/Your private set/);
    expect(own.find((m) => m.to === b)!.redacted).toBe(true);
    const ok = await act({ challengeId: game.id, messageType: "guess", content: "100 200 300", from: a });
    expect(ok.json).toEqual({ ok: "Message sent" });
    const dup = await act({ challengeId: game.id, messageType: "guess", content: "100", from: a });
    expect(dup.json).toEqual({ error: "Guess already made.", code: "DUPLICATE_GUESS" });
    const big = await act({
      challengeId: game.id,
      messageType: "guess",
      content: Array.from({ length: 14 }, (_, i) => 100 + i).join(" "),
      from: b,
    });
    expect(big.json).toEqual({ error: "Guess too large.", code: "GUESS_TOO_LARGE" });
    const listed = (await listOfType("psi")).json;
    const mine = listed.challenges.find((c: { id: string }) => c.id === game.id);
    expect(mine.state.playerIdentities).toEqual({ [a]: "alice-sa" });
    expect(listed.profiles["alice-sa"]).toEqual({ userId: "alice-sa" });
  });
});

describe("arena protocol: game creation limit", () => {
  it("an address creates at most ARENA_GAMES_PER_HOUR games (429 in the protocol's shape); another address is not affected", async () => {
    const { env } = await import("@/lib/env");
    const create = (ip: string) =>
      call(createRoute, { method: "POST", path: "/api/v1/challenges/psi", params: { name: "psi" }, ip });
    const ip = "198.51.100.77";
    for (let i = 0; i < env.ARENA_GAMES_PER_HOUR; i++) expect((await create(ip)).status).toBe(200);
    const refused = await create(ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: "Too many games created from this address. Try again later.",
      code: "rate_limited",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await create("198.51.100.78")).status).toBe(200);
  });
});

describe("arena: open games nobody joins", () => {
  beforeEach(() => setArenaMode("auth"));

  it("are deleted after ARENA_OPEN_GAME_TTL_SECONDS; a joined, a fresh or a started game is kept", async () => {
    const { env } = await import("@/lib/env");
    const { db } = await import("@/lib/db");
    const { deleteAbandonedGames } = await import("@/lib/services/arena/read");
    const ttlMs = env.ARENA_OPEN_GAME_TTL_SECONDS * 1000;
    const old = new Date(Date.now() - ttlMs - 60_000);
    const abandoned = await createGame("psi");
    const halfJoined = await createGame("psi");
    const fresh = await createGame("psi");
    const id = makeIdentity();
    expect((await join(joinBody(id, halfJoined.invites[0]!))).status).toBe(200);
    await db.arenaGame.updateMany({
      where: { id: { in: [abandoned.id, halfJoined.id] } },
      data: { createdAt: old },
    });
    // Other test games in this database are younger than the TTL, so only `abandoned` goes.
    expect(await deleteAbandonedGames()).toBe(1);
    expect(await db.arenaGame.findUnique({ where: { id: abandoned.id } })).toBeNull();
    expect(await db.arenaInvite.count({ where: { gameId: abandoned.id } })).toBe(0);
    expect(await db.arenaGame.findUnique({ where: { id: halfJoined.id } })).not.toBeNull();
    expect(await db.arenaGame.findUnique({ where: { id: fresh.id } })).not.toBeNull();
    expect(await deleteAbandonedGames()).toBe(0);
    // Its invite now answers as any unknown invite does.
    const gone = await join(joinBody(makeIdentity(), abandoned.invites[0]!));
    expect(gone.json).toEqual({ error: `Challenge not found for invite: ${abandoned.invites[0]}` });
  });
});
