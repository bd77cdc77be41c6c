// Live viewers of an arena game in auth mode, over real HTTP/SSE (`GET /api/chat/ws/:channel`),
// as the reference's viewers watch a game: players chat on the game's operator channel
// (`challenge_<id>`) with their session keys and every viewer gets each message as
// `new_message` (DMs redacted for anyone but their two ends), viewers stay independent when one
// of them goes away, and a viewer arriving after the end gets `initial` then `game_ended` with
// the players' identities. Free chat channels stream the same way. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatSend, playPsi, setArenaMode, startAuthGame } from "@/tests/helpers/arena";
import { openViewer, startSseServer, type Frame, type SseServer } from "@/tests/helpers/arena-sse";

let server: SseServer;

beforeAll(async () => {
  setArenaMode("auth");
  server = await startSseServer();
});
afterAll(async () => {
  await server.close();
  setArenaMode("auth");
});

async function send(channel: string, key: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await chatSend({ channel, content, ...extra }, key);
  expect(res.status, res.text).toBe(200);
  return res.json as { index: number; channel: string; from: string; to: string | null };
}

describe("arena viewers in auth mode", () => {
  it("delivers players' messages on the operator channel to every viewer, DMs redacted", async () => {
    const { game, keys } = await startAuthGame("psi");
    const channel = `challenge_${game.id}`;
    const v1 = await openViewer(server, channel);
    const v2 = await openViewer(server, channel, { prefix: "/api/v1" });
    const recipient = await openViewer(server, channel, { key: keys[1] });
    try {
      for (const v of [v1, v2, recipient]) expect((await v.next()).type).toBe("initial");

      const a = await send(channel, keys[0]!, "Agent A: hello");
      expect(a).toMatchObject({ channel, from: game.invites[0], to: null });
      await send(channel, keys[1]!, "Agent B: hi back");
      await send(channel, keys[0]!, "for B only", { to: game.invites[1] });

      for (const v of [v1, v2]) {
        const got = [await v.next(), await v.next(), await v.next()];
        expect(got.map((f) => f.type)).toEqual(["new_message", "new_message", "new_message"]);
        expect(got.map((f) => f.message!.content)).toEqual(["Agent A: hello", "Agent B: hi back", ""]);
        expect(got[2]!.message).toMatchObject({ from: game.invites[0], to: game.invites[1], redacted: true });
        expect("to" in got[0]!.message!).toBe(false);
      }
      const mine = [await recipient.next(), await recipient.next(), await recipient.next()];
      expect(mine[2]!.message).toMatchObject({ content: "for B only", to: game.invites[1] });
      expect(mine[2]!.message!.redacted).toBeUndefined();
    } finally {
      for (const v of [v1, v2, recipient]) v.close();
    }
  });

  it("keeps the other viewers streaming when one disconnects", async () => {
    const { game, keys } = await startAuthGame("psi");
    const channel = `challenge_${game.id}`;
    const v1 = await openViewer(server, channel);
    const v2 = await openViewer(server, channel);
    const v3 = await openViewer(server, channel);
    try {
      for (const v of [v1, v2, v3]) expect((await v.next()).type).toBe("initial");
      v2.close();
      await send(channel, keys[0]!, "after disconnect 1");
      await send(channel, keys[1]!, "after disconnect 2");
      for (const v of [v1, v3]) {
        expect((await v.next()).message!.content).toBe("after disconnect 1");
        expect((await v.next()).message!.content).toBe("after disconnect 2");
      }
      // A new viewer after everyone else left still gets what follows.
      v1.close();
      v3.close();
      const v4 = await openViewer(server, channel);
      try {
        const initial = await v4.next();
        expect(initial.messages!.map((m) => m.content)).toContain("after disconnect 2");
        await send(channel, keys[0]!, "to the newcomer");
        expect((await v4.next()).message!.content).toBe("to the newcomer");
      } finally {
        v4.close();
      }
    } finally {
      for (const v of [v1, v2, v3]) v.close();
    }
  });

  it("sends game_ended with the players' identities to live and late viewers", async () => {
    const { game, keys, ids } = await startAuthGame("psi");
    const channel = `challenge_${game.id}`;
    const live = await openViewer(server, channel);
    try {
      await live.next();
      await send(channel, keys[0]!, "good luck");
      await playPsi(keys, game.id);
      const skipped: Frame[] = [];
      const ended = await live.until("game_ended", skipped);
      expect(skipped.some((f) => f.message?.content === "good luck")).toBe(true);
      expect(ended.data).toMatchObject({ status: "ended", players: game.invites });
    } finally {
      live.close();
    }

    const identities = { [game.invites[0]!]: ids[0].userId, [game.invites[1]!]: ids[1].userId };
    for (const name of [channel, game.id]) {
      const late = await openViewer(server, name);
      try {
        const initial = await late.next();
        expect(initial.type).toBe("initial");
        // After the end nothing is redacted any more.
        expect(initial.messages!.every((m) => !m.redacted)).toBe(true);
        const ended = await late.next();
        expect(ended.type).toBe("game_ended");
        expect(ended.data!.playerIdentities).toEqual(identities);
        expect(ended.data!.players).toEqual(game.invites);
        expect((ended.data!.scores as unknown[]).length).toBe(2);
        expect(Object.keys(ended.data!.profiles as object).sort()).toEqual(Object.values(identities).sort());
      } finally {
        late.close();
      }
    }
  });

  it("streams a free channel: messages sent with a key and its game, DMs redacted for viewers", async () => {
    const { game, keys } = await startAuthGame("psi");
    const channel = `lobby-${game.id.slice(0, 8)}`;
    const anon = await openViewer(server, channel);
    const mine = await openViewer(server, channel, { key: keys[1], query: `challengeId=${game.id}` });
    try {
      expect(await anon.next()).toEqual({ type: "initial", messages: [] });
      expect(await mine.next()).toEqual({ type: "initial", messages: [] });
      await send(channel, keys[0]!, "anyone here?", { challengeId: game.id });
      await send(channel, keys[0]!, "just you", { challengeId: game.id, to: game.invites[1] });
      expect((await anon.next()).message).toMatchObject({
        index: 1,
        channel,
        from: game.invites[0],
        content: "anyone here?",
      });
      expect((await anon.next()).message).toMatchObject({
        index: 2,
        content: "",
        redacted: true,
        to: game.invites[1],
      });
      expect((await mine.next()).message!.content).toBe("anyone here?");
      expect((await mine.next()).message).toMatchObject({ index: 2, content: "just you" });
      // A key on a free channel without its game is refused, saying what to add.
      const unbound = await openViewer(server, channel, { key: keys[0] });
      expect(unbound.status).toBe(401);
      expect((unbound.error as { error: string }).error).toContain("challengeId");
    } finally {
      anon.close();
      mine.close();
    }
  });
});
