// Chat on any channel, as the reference allows: a game's operator channel (`challenge_<id>`) and
// free channels that name no game (`test-channel`), with DMs shown only to their two ends, in
// standalone and auth mode, on both route trees; the free channels' bounds (name, message size,
// messages per channel, channel count, idle retention, per-identity rate); and errors that say
// what a write lacks and how to get it. SQLite and PostgreSQL.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { POST as sendRouteV0 } from "@/app/api/chat/send/route";
import { GET as syncRouteV0 } from "@/app/api/chat/sync/route";
import { all, query } from "@/lib/db/sql";
import { resetEnvForTests } from "@/lib/env";
import { deleteIdleFreeChannels } from "@/lib/services/arena/channels";
import {
  act,
  chatSend,
  chatSync,
  createGame,
  join,
  setArenaMode,
  startAuthGame,
  syncOperator,
} from "@/tests/helpers/arena";
import { call } from "@/tests/helpers/route";

type Msg = { index: number; from: string; to?: string; content: string; redacted?: boolean; channel: string };

const sendV0 = (body: Record<string, unknown>, key?: string) =>
  call(sendRouteV0, { method: "POST", path: "/api/chat/send", body, bearer: key });
const syncV0 = (channel: string, q = "") =>
  call(syncRouteV0, { path: `/api/chat/sync?channel=${channel}${q}` });

let n = 0;
const fresh = (base: string) => `${base}-${process.pid}-${++n}`;

function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnvForTests();
}

afterEach(() => {
  for (const k of ["ARENA_CHAT_MAX_MESSAGES", "ARENA_CHAT_MAX_CHANNELS", "ARENA_CHAT_MAX_CHARS"])
    setEnv(k, undefined);
});
afterAll(() => setArenaMode("auth"));

describe("chat on any channel, standalone mode", () => {
  it("sends and syncs on a free channel, DMs filtered per reader (both route trees)", async () => {
    setArenaMode("standalone");
    const channel = fresh("test-channel");
    const hello = await sendV0({ channel, from: "alice", content: "hello" });
    expect(hello.status, hello.text).toBe(200);
    expect(hello.json).toEqual({ index: 1, channel, from: "alice", to: null });
    const dm = await chatSend({ channel, from: "alice", to: "bob", content: "psst" });
    expect(dm.json).toEqual({ index: 2, channel, from: "alice", to: "bob" });

    const anon = (await syncV0(channel)).json as { messages: Msg[]; count: number };
    expect(anon.count).toBe(2);
    expect(anon.messages[0]).toMatchObject({ index: 1, channel, from: "alice", content: "hello" });
    expect("to" in anon.messages[0]!).toBe(false);
    expect(anon.messages[1]).toMatchObject({
      index: 2,
      from: "alice",
      to: "bob",
      content: "",
      redacted: true,
    });
    const carol = (await chatSync(channel, 0, { from: "carol" })).json.messages as Msg[];
    expect(carol[1]).toMatchObject({ content: "", redacted: true });
    for (const reader of ["alice", "bob"]) {
      const seen = (await chatSync(channel, 0, { from: reader })).json.messages as Msg[];
      expect(seen[1]).toMatchObject({ content: "psst", to: "bob" });
      expect(seen[1]!.redacted).toBeUndefined();
    }
    expect(((await chatSync(channel, 2)).json.messages as Msg[]).map((m) => m.index)).toEqual([2]);
    // The messages are in the database, where every instance reads them.
    const rows = await query(() =>
      all<{ idx: unknown }>("SELECT idx FROM arena_channel_messages WHERE channel = $1", channel),
    );
    expect(rows.map((r) => Number(r.idx)).sort()).toEqual([1, 2]);
  });

  it("lets players chat on their game's operator channel", async () => {
    setArenaMode("standalone");
    const game = await createGame("psi");
    for (const invite of game.invites) expect((await join({ invite })).status).toBe(200);
    const channel = `challenge_${game.id}`;
    const before = ((await syncOperator(game.id)).json.messages as Msg[]).length;
    const sent = await sendV0({ channel, from: game.invites[0], content: "Agent A: hello" });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({ index: before + 1, channel, from: game.invites[0], to: null });
    const dm = await chatSend({ channel, from: game.invites[1], content: "secret", to: game.invites[0] });
    expect(dm.status).toBe(200);
    const ops = (await syncOperator(game.id, before + 1)).json.messages as Msg[];
    expect(ops[0]).toMatchObject({ from: game.invites[0], content: "Agent A: hello" });
    expect(ops[1]).toMatchObject({ content: "", redacted: true });
    const asA = (await syncOperator(game.id, before + 1, { from: game.invites[0] })).json.messages as Msg[];
    expect(asA[1]).toMatchObject({ content: "secret" });
    // Someone who is not a player of the game may not write there.
    const stranger = await chatSend({ channel, from: "mallory", content: "I am the operator" });
    expect(stranger.status).toBe(400);
    expect(stranger.json).toEqual({ error: "Player not found.", code: "PLAYER_NOT_FOUND" });
  });

  it("answers the reference's 400s, and Challenge not found for the operator channel of no game", async () => {
    setArenaMode("standalone");
    expect((await chatSend({ from: "a", content: "x" })).json).toEqual({ error: "channel is required" });
    expect((await chatSend({ channel: "c", content: "x" })).json).toEqual({ error: "from is required" });
    expect((await chatSend({ channel: "c", from: "a" })).json).toEqual({ error: "content is required" });
    const none = await chatSend({
      channel: "challenge_00000000-0000-0000-0000-000000000000",
      from: "a",
      content: "x",
    });
    expect(none.status).toBe(400);
    expect(none.json).toEqual({ error: "Challenge not found" });
    // A bare game id (a UUID) of no game is no free channel either: nobody squats a game's name.
    const bare = await chatSend({ channel: "00000000-0000-4000-8000-000000000000", from: "a", content: "x" });
    expect(bare.json).toEqual({ error: "Challenge not found" });
  });
});

describe("free channel bounds", () => {
  it("caps names, message size and messages per channel", async () => {
    setArenaMode("standalone");
    const bad = await chatSend({ channel: "has space", from: "a", content: "x" });
    expect(bad.status).toBe(400);
    expect((await chatSend({ channel: "x".repeat(129), from: "a", content: "x" })).status).toBe(400);
    setEnv("ARENA_CHAT_MAX_CHARS", "10");
    const long = await chatSend({ channel: fresh("big"), from: "a", content: "x".repeat(11) });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe("content is too long (at most 10 characters)");
    setEnv("ARENA_CHAT_MAX_MESSAGES", "2");
    const channel = fresh("small");
    expect((await chatSend({ channel, from: "a", content: "1" })).status).toBe(200);
    expect((await chatSend({ channel, from: "b", content: "2" })).status).toBe(200);
    const full = await chatSend({ channel, from: "a", content: "3" });
    expect(full.status).toBe(400);
    expect(full.json.code).toBe("CHANNEL_FULL");
    expect(((await chatSync(channel)).json.messages as Msg[]).length).toBe(2);
  });

  it("caps the number of channels and deletes idle ones", async () => {
    setArenaMode("standalone");
    const first = fresh("keep");
    expect((await chatSend({ channel: first, from: "a", content: "x" })).status).toBe(200);
    const [row] = await query(() => all<{ n: unknown }>("SELECT COUNT(*) AS n FROM arena_channels"));
    setEnv("ARENA_CHAT_MAX_CHANNELS", String(Number(row!.n)));
    const refused = await chatSend({ channel: fresh("one-too-many"), from: "a", content: "x" });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("TOO_MANY_CHANNELS");
    // An existing channel still takes messages.
    expect((await chatSend({ channel: first, from: "a", content: "y" })).status).toBe(200);

    // Idle past the retention: deleted with its messages, and its name is free again.
    const later = Date.now() + 2 * 24 * 3600 * 1000;
    expect(await deleteIdleFreeChannels(later)).toBeGreaterThanOrEqual(1);
    expect((await chatSync(first)).json).toEqual({ messages: [], count: 0 });
    setEnv("ARENA_CHAT_MAX_CHANNELS", undefined);
    expect((await chatSend({ channel: first, from: "a", content: "again" })).json.index).toBe(1);
  });

  it("limits messages per identity", async () => {
    setArenaMode("standalone");
    const channel = fresh("chatty");
    let refused: Awaited<ReturnType<typeof chatSend>> | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await chatSend({ channel, from: "spammer", content: `m${i}` });
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(429);
    // Another identity is not held back by the first one's allowance.
    expect((await chatSend({ channel, from: "someone-else", content: "hi" })).status).toBe(200);
  });
});

describe("chat on any channel, auth mode", () => {
  it("takes the session key on the operator channel and ignores from", async () => {
    setArenaMode("auth");
    const { game, keys } = await startAuthGame("psi");
    const channel = `challenge_${game.id}`;
    const sent = await chatSend({ channel, from: "someone-else", content: "hello" }, keys[0]);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ channel, from: game.invites[0], to: null });
    const v0 = await sendV0({ channel, content: "dm", to: game.invites[0] }, keys[1]);
    expect(v0.json).toMatchObject({ from: game.invites[1], to: game.invites[0] });
    const from = sent.json.index as number;
    const anon = (await syncOperator(game.id, from)).json.messages as Msg[];
    expect(anon.map((m) => m.content)).toEqual(["hello", ""]);
    const mine = (await syncOperator(game.id, from, { key: keys[0] })).json.messages as Msg[];
    expect(mine[1]!.content).toBe("dm");
    const other = await startAuthGame("psi");
    expect((await chatSend({ channel, content: "x" }, other.keys[0])).status).toBe(401);
  });

  it("lets a player chat on a free channel with its key and challengeId", async () => {
    setArenaMode("auth");
    const { game, keys } = await startAuthGame("psi");
    const channel = fresh("auth-lobby");
    const sent = await chatSend(
      { channel, challengeId: game.id, content: "hi", to: game.invites[1] },
      keys[0],
    );
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({ index: 1, channel, from: game.invites[0], to: game.invites[1] });
    expect(((await chatSync(channel)).json.messages as Msg[])[0]).toMatchObject({
      content: "",
      redacted: true,
    });
    const asB = await call(syncRouteV0, {
      path: `/api/chat/sync?channel=${channel}&challengeId=${game.id}`,
      bearer: keys[1],
    });
    expect((asB.json.messages as Msg[])[0]).toMatchObject({ content: "hi" });

    // A key without its game: 401, saying what to add.
    const unbound = await chatSend({ channel, content: "x" }, keys[0]);
    expect(unbound.status).toBe(401);
    expect(unbound.json.error).toMatch(/^Authentication required/);
    expect(unbound.json.error).toContain("challengeId");
    // A key with another game's id: 401.
    const other = await startAuthGame("psi");
    expect((await chatSend({ channel, challengeId: other.game.id, content: "x" }, keys[0])).status).toBe(401);
  });

  it("tells a write without a session key what is missing and how to get it", async () => {
    setArenaMode("auth");
    const { game } = await startAuthGame("psi");
    for (const res of [
      await chatSend({ channel: `challenge_${game.id}`, from: game.invites[0], content: "x" }),
      await chatSend({ channel: game.id, from: game.invites[0], content: "x" }),
      await chatSend({ channel: fresh("free"), from: "alice", content: "x" }),
      await act({ challengeId: game.id, from: game.invites[0], messageType: "guess", content: "1" }),
    ]) {
      expect(res.status).toBe(400);
      const error = res.json.error as string;
      expect(error).toMatch(/^from is required/);
      expect(error).toContain("session key");
      expect(error).toContain("POST /api/v1/arena/join");
      expect(error).toContain("Authorization: Bearer <sessionKey>");
    }
  });
});
