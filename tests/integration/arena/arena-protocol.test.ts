// The arena wire protocol (docs/arena-protocol.md) against the route handlers in auth mode (the
// default; standalone mode is in arena-protocol-modes.test.ts): shapes, status codes, the
// reference's error strings, 1-based indexes, redaction before and after the end, keys bound to
// their game, the ±5 min signature window, duplicate joins, both URL prefixes. SQLite and PostgreSQL.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { GET as healthRoute } from "@/app/health/route";
import { GET as metadataRoute } from "@/app/api/v1/metadata/route";
import { GET as metadataOneRoute } from "@/app/api/v1/metadata/[name]/route";
import { GET as metadataLegacyRoute } from "@/app/api/metadata/route";
import { GET as listRoute } from "@/app/api/v1/challenges/route";
import { POST as createRoute } from "@/app/api/v1/challenges/[name]/route";
import { POST as joinLegacyRoute } from "@/app/api/arena/join/route";
import { GET as inviteRoute } from "@/app/api/v1/invites/[id]/route";
import { GET as statsRoute } from "@/app/api/v1/stats/route";
import { GET as scoringRoute } from "@/app/api/v1/scoring/route";
import { GET as scoringTypeRoute } from "@/app/api/v1/scoring/[type]/route";
import { GET as userRoute } from "@/app/api/v1/users/[userId]/route";
import { GET as userScoresRoute } from "@/app/api/v1/users/[userId]/scores/route";
import { GET as userGamesRoute } from "@/app/api/v1/users/[userId]/challenges/route";
import { GET as usersBatchRoute } from "@/app/api/v1/users/batch/route";
import { POST as usersPostRoute } from "@/app/api/v1/users/route";
import {
  act,
  chatSend,
  chatSync,
  createGame,
  join,
  joinBody,
  listOfType,
  makeIdentity,
  playPsi,
  setArenaMode,
  startAuthGame,
  syncOperator,
} from "@/tests/helpers/arena";
import { call } from "@/tests/helpers/route";
import { type Msg, UUID, expectNoPrivateNumbers } from "./arena-protocol-support";

afterAll(() => setArenaMode("auth"));

describe("arena protocol: catalogue, health, create", () => {
  beforeEach(() => setArenaMode("auth"));

  it("serves /health and the catalogue under both prefixes", async () => {
    expect((await call(() => Promise.resolve(healthRoute()), { path: "/health" })).json).toEqual({
      status: "ok",
    });
    const v1 = await call(metadataRoute, { path: "/api/v1/metadata" });
    const legacy = await call(metadataLegacyRoute, { path: "/api/metadata" });
    expect(v1.status).toBe(200);
    expect(legacy.json).toEqual(v1.json);
    for (const type of ["psi", "ultimatum", "millionaire", "dining-cryptographers", "secret-keeper"]) {
      const m = v1.json[type];
      expect(m, type).toMatchObject({
        name: expect.any(String),
        description: expect.any(String),
        players: expect.any(Number),
        prompt: expect.any(String),
      });
      expect(m.methods.length).toBeGreaterThan(0);
    }
    expect(
      (await call(metadataOneRoute, { path: "/api/v1/metadata/psi", params: { name: "psi" } })).json.players,
    ).toBe(2);
    const unknown = await call(metadataOneRoute, { path: "/api/v1/metadata/nope", params: { name: "nope" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "Challenge not found" });
  });

  it("creates a game with one invite per seat, zeroed scores and no private data", async () => {
    const bad = await call(createRoute, {
      method: "POST",
      path: "/api/v1/challenges/nope",
      params: { name: "nope" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: "Unknown challenge type: nope" });
    const res = await call(createRoute, {
      method: "POST",
      path: "/api/v1/challenges/psi",
      params: { name: "psi" },
    });
    expect(res.status).toBe(200);
    const g = res.json;
    expect(g.id).toMatch(UUID);
    expect(g.challengeType).toBe("psi");
    expect(g.invites).toHaveLength(2);
    for (const inv of g.invites) expect(inv).toMatch(/^inv_[0-9a-f-]{36}$/);
    expect(g.state).toEqual({
      status: "open",
      scores: [
        { security: 0, utility: 0 },
        { security: 0, utility: 0 },
      ],
      players: [],
      playerIdentities: {},
    });
    // The private sets live in the stored state and nowhere in the response.
    await expectNoPrivateNumbers(g.id as string, g.gameState);
  });
});

describe("arena protocol: auth mode", () => {
  beforeEach(() => setArenaMode("auth"));

  it("checks join bodies, signatures, the ±5 min window, invites and duplicates", async () => {
    const game = await createGame("psi");
    const id = makeIdentity();
    const inv = game.invites[0]!;
    expect((await join({})).json).toEqual({ error: "invite is required" });
    const noSig = await join({ invite: inv });
    expect(noSig.status).toBe(400);
    expect(noSig.json).toEqual({ error: "publicKey, signature, and timestamp are required" });
    const old = await join(joinBody(id, inv, Date.now() - 6 * 60 * 1000));
    expect(old.status).toBe(401);
    expect(old.json).toEqual({ error: "Timestamp expired" });
    const future = await join(joinBody(id, inv, Date.now() + 6 * 60 * 1000));
    expect(future.json).toEqual({ error: "Timestamp expired" });
    const forged = {
      ...joinBody(id, inv),
      signature: makeIdentity().sign(`arena:v1:join:${inv}:${Date.now()}`),
    };
    expect(forged.signature).toMatch(/^[0-9a-f]{128}$/);
    const f = await join(forged);
    expect(f.status).toBe(401);
    expect(f.json).toEqual({ error: "Invalid signature" });
    // Signed for another invite: invalid here.
    const ts = Date.now();
    const other = await join({
      ...joinBody(id, inv, ts),
      signature: id.sign(`arena:v1:join:${game.invites[1]}:${ts}`),
    });
    expect(other.json).toEqual({ error: "Invalid signature" });
    const missing = await join(joinBody(id, "inv_nope"));
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: "Challenge not found for invite: inv_nope" });
    const ok = await join(joinBody(id, inv));
    expect(ok.status).toBe(200);
    expect(ok.json.ChallengeID).toBe(game.id);
    expect(ok.json.ChallengeInfo.name).toEqual(expect.any(String));
    expect(ok.json.sessionKey).toMatch(/^s_0\.[0-9a-f]{64}$/);
    const again = await join(joinBody(makeIdentity(), inv));
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: "This invite has already been used.", code: "INVITE_ALREADY_USED" });
    const invite = await call(inviteRoute, { path: `/api/v1/invites/${inv}`, params: { id: inv } });
    expect(invite.status).toBe(409);
    expect(invite.json).toEqual({ error: `Invite already used: ${inv}` });
    const open = await call(inviteRoute, {
      path: `/api/v1/invites/${game.invites[1]}`,
      params: { id: game.invites[1]! },
    });
    await expectNoPrivateNumbers(game.id, open.json.gameState); // a half-joined game
    expect(open.status).toBe(200);
    expect(open.json.id).toBe(game.id);
    const none = await call(inviteRoute, { path: "/api/v1/invites/inv_x", params: { id: "inv_x" } });
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ error: "Challenge not found for invite: inv_x" });
    // The legacy prefix is the same handler.
    const legacy = await call(joinLegacyRoute, {
      method: "POST",
      path: "/api/arena/join",
      body: joinBody(makeIdentity(), game.invites[1]!),
    });
    expect(legacy.json.sessionKey).toMatch(/^s_1\./);
  });

  it("binds keys to their game, logs actions, indexes from 1 and redacts DMs until the end", async () => {
    const { game, keys } = await startAuthGame("psi");
    const other = await startAuthGame("psi");
    const noKey = await act({ challengeId: game.id, messageType: "guess", content: "1 2 3" });
    expect(noKey.status).toBe(400);
    expect(noKey.json.error).toMatch(/^from is required: .*POST \/api\/v1\/arena\/join/);
    const foreign = await act({ challengeId: game.id, messageType: "guess", content: "1" }, other.keys[0]);
    expect(foreign.status).toBe(401);
    expect(foreign.json).toEqual({ error: "Authentication required" });
    const malformed = await act({ challengeId: game.id, messageType: "guess", content: "1" }, "s_0.zz");
    expect(malformed.status).toBe(401);
    const tampered = keys[0]!.slice(0, -1) + (keys[0]!.endsWith("0") ? "1" : "0");
    expect((await act({ challengeId: game.id, messageType: "guess", content: "1" }, tampered)).status).toBe(
      401,
    );
    // A key of this game read against another game's channel is refused too.
    expect((await syncOperator(other.game.id, 0, { key: keys[0] })).status).toBe(401);

    const unknownGame = await act(
      { challengeId: "00000000-0000-4000-8000-000000000000", messageType: "guess", content: "1" },
      keys[0],
    );
    expect(unknownGame.status).toBe(401); // the key does not match that game id
    const unknownMethod = await act({ challengeId: game.id, messageType: "foo", content: "x" }, keys[0]);
    expect(unknownMethod.status).toBe(400);
    expect(unknownMethod.json).toEqual({ error: "Unknown challenge method: foo", code: "UNKNOWN_METHOD" });
    const invalid = await act({ challengeId: game.id, messageType: "guess", content: "no numbers" }, keys[0]);
    expect(invalid.json).toEqual({ error: "Invalid guess format.", code: "INVALID_GUESS" });

    const mine = await syncOperator(game.id, 0, { key: keys[0] });
    const msgs = mine.json.messages as Msg[];
    expect(mine.json.count).toBe(msgs.length);
    expect(msgs.map((m) => m.index)).toEqual(msgs.map((_, i) => i + 1));
    expect(msgs.every((m) => m.channel === `challenge_${game.id}`)).toBe(true);
    const logged = msgs.find((m) => m.content === "(foo) x")!;
    expect(logged).toMatchObject({ to: "operator", from: game.invites[0] });
    const myDm = msgs.find((m) => m.to === game.invites[0] && m.from === "operator")!;
    expect(myDm.content).toMatch(/Your private set/);
    const theirDm = msgs.find((m) => m.to === game.invites[1] && m.from === "operator")!;
    expect(theirDm).toMatchObject({ content: "", redacted: true });
    const broadcast = msgs.find((m) => m.to === undefined)!;
    expect("to" in broadcast).toBe(false);
    // index=n returns messages with index ≥ n.
    const tail = await syncOperator(game.id, 3, { key: keys[0] });
    expect((tail.json.messages as Msg[])[0]!.index).toBe(3);
    // An anonymous viewer sees every DM redacted.
    const anon = await syncOperator(game.id, 0);
    const anonDms = (anon.json.messages as Msg[]).filter((m) => m.to);
    expect(anonDms.length).toBeGreaterThanOrEqual(2); // both join DMs
    expect(anonDms.every((m) => m.redacted === true && m.content === "")).toBe(true);

    // Chat: broadcast has no `to`, a DM is redacted for others.
    const sent = await chatSend({ channel: game.id, content: "hello" }, keys[0]);
    expect(sent.json).toEqual({ index: 1, channel: game.id, from: game.invites[0], to: null });
    const dm = await chatSend({ channel: game.id, content: "psst", to: game.invites[1] }, keys[0]);
    expect(dm.json.index).toBe(2);
    const chatAnon = (await chatSync(game.id)).json.messages as Msg[];
    expect(chatAnon[0]).toMatchObject({ content: "hello", index: 1 });
    expect("to" in chatAnon[0]!).toBe(false);
    expect(chatAnon[1]).toMatchObject({ content: "", redacted: true, to: game.invites[1] });
    expect(((await chatSync(game.id, 0, { key: keys[1] })).json.messages as Msg[])[1]!.content).toBe("psst");
    expect((await chatSend({ channel: game.id, content: "x" })).json.error).toMatch(/^from is required: /);

    // Scores stay hidden in lists until the end.
    const listed = (await listOfType("psi")).json.challenges.find((c: { id: string }) => c.id === game.id);
    expect(listed.state.status).toBe("active");
    expect(listed.state.scores).toEqual([
      { security: 0, utility: 0 },
      { security: 0, utility: 0 },
    ]);
    expect(listed.state.attributions).toBeUndefined();
    await expectNoPrivateNumbers(game.id, listed.gameState); // an active game

    await playPsi(keys, game.id);
    const after = (await listOfType("psi", "?status=ended")).json.challenges.find(
      (c: { id: string }) => c.id === game.id,
    );
    expect(after.state.status).toBe("ended");
    expect(after.state.completedAt).toEqual(expect.any(Number));
    expect(after.state.scores).toEqual([
      { security: 1, utility: 1 },
      { security: 1, utility: 1 },
    ]);
    // After the end everything is visible to everyone.
    const revealed = (await syncOperator(game.id, 0)).json.messages as Msg[];
    expect(revealed.some((m) => m.redacted)).toBe(false);
    expect(revealed.some((m) => m.content.startsWith("Game ended."))).toBe(true);
    expect(((await chatSync(game.id)).json.messages as Msg[])[1]!.content).toBe("psst");
    // Acting after the end: 200 and an operator DM.
    const late = await act({ challengeId: game.id, messageType: "guess", content: "1" }, keys[0]);
    expect(late.json).toEqual({ ok: "Message sent" });
    const last = ((await syncOperator(game.id, 0, { key: keys[0] })).json.messages as Msg[]).at(-1)!;
    expect(last).toMatchObject({
      from: "operator",
      to: game.invites[0],
      content: "ERR_GAME_NOT_RUNNING: Game not running.",
    });
  });

  it("refuses malformed bodies and pages lists", async () => {
    const bad = await call(joinLegacyRoute, { method: "POST", path: "/api/arena/join", rawBody: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: "Invalid JSON in request body" });
    const deep = await call(joinLegacyRoute, {
      method: "POST",
      path: "/api/arena/join",
      rawBody: "[".repeat(5000) + "]".repeat(5000),
    });
    expect(deep.status).toBe(400);
    const big = await call(joinLegacyRoute, {
      method: "POST",
      path: "/api/arena/join",
      rawBody: JSON.stringify({ invite: "x".repeat(70_000) }),
    });
    expect(big.status).toBe(413);
    for (let i = 0; i < 3; i++) await createGame("millionaire");
    const page = await call(listRoute, { path: "/api/v1/challenges?limit=2&offset=1" });
    expect(page.json).toMatchObject({ limit: 2, offset: 1 });
    expect(page.json.challenges).toHaveLength(2);
    expect(page.json.total).toBeGreaterThanOrEqual(3);
    const times = (page.json.challenges as { createdAt: number }[]).map((c) => c.createdAt);
    expect(times[0]).toBeGreaterThanOrEqual(times[1]!);
    expect((await call(listRoute, { path: "/api/v1/challenges?limit=500" })).json.limit).toBe(100);
    expect((await call(listRoute, { path: "/api/v1/challenges?status=weird" })).status).toBe(400);
  });

  it("scores a finished game per strategy, globally, per user, in stats", async () => {
    const { game, keys, ids } = await startAuthGame("psi");
    await playPsi(keys, game.id);
    const board = (await call(scoringTypeRoute, { path: "/api/v1/scoring/psi", params: { type: "psi" } }))
      .json;
    expect(Object.keys(board as object).sort()).toEqual(["average", "consecutive", "red-team", "win-rate"]);
    const avg = board.average.find((e: { playerId: string }) => e.playerId === ids[0].userId);
    expect(avg.metrics["average:security"]).toEqual(expect.any(Number));
    expect(avg.gamesPlayed).toBeGreaterThanOrEqual(1);
    const unknown = await call(scoringTypeRoute, { path: "/api/v1/scoring/nope", params: { type: "nope" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "Unknown challenge type" });
    const global = (await call(scoringRoute, { path: "/api/v1/scoring" })).json;
    expect(global.find((e: { playerId: string }) => e.playerId === ids[1].userId).metrics).toHaveProperty(
      "global-average:utility",
    );
    const user = await call(userRoute, {
      path: `/api/v1/users/${ids[0].userId}`,
      params: { userId: ids[0].userId },
    });
    expect(user.json).toEqual({ userId: ids[0].userId });
    expect(
      (await call(userRoute, { path: "/api/v1/users/nobody", params: { userId: "nobody" } })).json,
    ).toEqual({ error: "User not found" });
    const scores = (
      await call(userScoresRoute, {
        path: `/api/v1/users/${ids[0].userId}/scores`,
        params: { userId: ids[0].userId },
      })
    ).json;
    expect(scores.global.playerId).toBe(ids[0].userId);
    expect(scores.challenges.psi.average.gamesPlayed).toBe(1);
    const games = (
      await call(userGamesRoute, {
        path: `/api/v1/users/${ids[0].userId}/challenges`,
        params: { userId: ids[0].userId },
      })
    ).json;
    expect(games.challenges.map((c: { id: string }) => c.id)).toEqual([game.id]);
    expect(games.profiles[ids[0].userId]).toEqual({ userId: ids[0].userId });
    const stats = (await call(statsRoute, { path: "/api/v1/stats" })).json;
    expect(stats.challenges.psi.gamesPlayed).toBeGreaterThanOrEqual(1);
    expect(stats.global.participants).toBeGreaterThanOrEqual(2);

    // Signed profile updates; a replayed signature is refused.
    const ts = Date.now();
    const body = {
      username: "alice",
      model: "gpt-test",
      publicKey: ids[0].publicKeyHex,
      signature: ids[0].sign(`arena:v1:user-update:${ts}`),
      timestamp: ts,
    };
    const updated = await call(usersPostRoute, { method: "POST", path: "/api/v1/users", body });
    expect(updated.json).toEqual({ userId: ids[0].userId, username: "alice", model: "gpt-test" });
    expect((await call(usersPostRoute, { method: "POST", path: "/api/v1/users", body })).status).toBe(401);
    expect(
      (await call(usersPostRoute, { method: "POST", path: "/api/v1/users", body: { username: "x" } })).json,
    ).toEqual({
      error: "publicKey, signature, and timestamp are required",
    });
    const batch = (
      await call(usersBatchRoute, { path: `/api/v1/users/batch?ids=${ids[0].userId},${ids[1].userId},zzz` })
    ).json;
    expect(Object.keys(batch as object).sort()).toEqual([ids[0].userId, ids[1].userId].sort());
    expect(batch[ids[0].userId].username).toBe("alice");
    expect((await call(usersBatchRoute, { path: "/api/v1/users/batch" })).json).toEqual({
      error: "ids query parameter is required",
    });
  });
});
