// The arena's live and stateful parts: the SSE stream (initial history redacted per viewer,
// new messages, game_ended with profiles, keys checked on the stream too), indexes assigned
// atomically under concurrent writes, stalled games ended with the game's timeout scores, and
// stored scores equal to a rebuild from the stored results. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as streamRoute } from "@/app/api/v1/chat/ws/[channel]/route";
import { recomputeScores } from "@/lib/arena/scoring/recompute";
import { all, exec, query, transaction } from "@/lib/db/sql";
import { endStalledGames } from "@/lib/services/arena/read";
import { defaultStrategyOf, gameResultOf, rebuildScores, strategiesOf } from "@/lib/services/arena/scoring";
import { endedGames, readInvites } from "@/lib/services/arena/store";
import { scoresOfType } from "@/lib/services/arena/store-users";
import {
  act,
  chatSend,
  chatSync,
  createGame,
  joinSeat,
  makeIdentity,
  playPsi,
  setArenaMode,
  startAuthGame,
  syncOperator,
} from "@/tests/helpers/arena";
import { frameParser, type Frame } from "@/tests/helpers/arena-sse";
import { BASE } from "@/tests/helpers/route";
import { NextRequest } from "next/server";

beforeAll(() => setArenaMode("auth"));
afterAll(() => setArenaMode("auth"));

/** Opens the stream in-process and collects its frames until `until` says stop. */
async function openStream(channel: string, key?: string) {
  const headers = new Headers();
  if (key) headers.set("authorization", `Bearer ${key}`);
  const controller = new AbortController();
  const req = new NextRequest(new URL(`/api/v1/chat/ws/${channel}`, BASE), {
    headers,
    signal: controller.signal,
  });
  const res = await streamRoute(req, { params: Promise.resolve({ channel }) });
  const frames: Frame[] = [];
  if (res.status !== 200)
    return { res, frames, next: () => Promise.resolve(null as Frame | null), close: () => undefined };
  const reader = res.body!.getReader();
  const parser = frameParser();
  const next = async (timeoutMs = 5000): Promise<Frame | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = parser.take();
      if (frame) {
        frames.push(frame);
        return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), left)),
      ]);
      if (!chunk || chunk.done) return null;
      parser.push(chunk.value);
    }
  };
  return { res, frames, next, close: () => void reader.cancel().catch(() => undefined) };
}

describe("arena SSE stream", () => {
  it("sends the redacted history, each new message, and game_ended on both channels", async () => {
    const { game, keys, ids } = await startAuthGame("psi");
    const bad = await openStream(game.id, "s_0." + "0".repeat(64));
    expect(bad.res.status).toBe(401);
    expect(await bad.res.json()).toEqual({ error: "Authentication required" });
    const other = await startAuthGame("psi");
    expect((await openStream(`challenge_${game.id}`, other.keys[0])).res.status).toBe(401);

    const anonOp = await openStream(`challenge_${game.id}`);
    const initial = (await anonOp.next())!;
    expect(initial.type).toBe("initial");
    const initialDms = initial.messages!.filter((m) => m.to);
    expect(initialDms.length).toBeGreaterThanOrEqual(2); // both join DMs
    expect(initialDms.every((m) => m.redacted && m.content === "")).toBe(true);
    const mineChat = await openStream(game.id, keys[1]);
    expect((await mineChat.next())!).toEqual({ type: "initial", messages: [] });
    const anonChat = await openStream(game.id);
    await anonChat.next();

    await chatSend({ channel: game.id, content: "hi all" }, keys[0]);
    await chatSend({ channel: game.id, content: "just you", to: game.invites[1] }, keys[0]);
    const a1 = (await mineChat.next())!;
    expect(a1).toMatchObject({ type: "new_message", message: { index: 1, content: "hi all" } });
    expect((await mineChat.next())!.message).toMatchObject({ index: 2, content: "just you" });
    expect((await anonChat.next())!.message).toMatchObject({ index: 1, content: "hi all" });
    expect((await anonChat.next())!.message).toMatchObject({ index: 2, content: "", redacted: true });

    await playPsi(keys, game.id);
    // The operator stream gets the guesses' messages, then game_ended with profiles.
    let ended: Frame | null = null;
    for (let i = 0; i < 30 && !ended; i++) {
      const f = await anonOp.next();
      if (!f) break;
      if (f.type === "game_ended") ended = f;
    }
    expect(ended).not.toBeNull();
    expect(ended!.data).toMatchObject({ status: "ended", players: game.invites });
    expect(Object.keys(ended!.data!.profiles as object).sort()).toEqual(
      [ids[0].userId, ids[1].userId].sort(),
    );
    let chatEnded: Frame | null = null;
    for (let i = 0; i < 5 && !chatEnded; i++) {
      const f = await anonChat.next();
      if (f?.type === "game_ended") chatEnded = f;
    }
    expect(chatEnded).not.toBeNull();
    // A late subscriber: initial (now unredacted) then game_ended.
    const late = await openStream(game.id);
    const lateInitial = (await late.next())!;
    expect(lateInitial.messages!.find((m) => m.index === 2)!.content).toBe("just you");
    expect((await late.next())!.type).toBe("game_ended");
    for (const s of [anonOp, mineChat, anonChat, late]) s.close();
  });
});

describe("arena state under concurrency", () => {
  it("assigns contiguous 1-based indexes to concurrent chat messages", async () => {
    const { game, keys } = await startAuthGame("psi");
    const sends = await Promise.all(
      Array.from({ length: 40 }, (_, i) => chatSend({ channel: game.id, content: `m${i}` }, keys[i % 2])),
    );
    expect(sends.every((s) => s.status === 200)).toBe(true);
    const indexes = sends.map((s) => s.json.index as number).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const stored = (await chatSync(game.id)).json.messages as { index: number }[];
    expect(stored.map((m) => m.index)).toEqual(indexes);
  });

  it("lets only one of two concurrent joins take a seat", async () => {
    const game = await createGame("psi");
    const [a, b] = await Promise.all([
      joinSeat(game.invites[0]!),
      joinSeat(game.invites[0]!),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it("ends stalled games with the game's timeout scores", async () => {
    const { game, keys } = await startAuthGame("secret-keeper");
    await act({ challengeId: game.id, messageType: "guess", content: "not-it" }, keys[1]);
    await query(() =>
      exec(
        "UPDATE arena_games SET last_activity_at = $1 WHERE id = $2",
        new Date(Date.now() - 10 * 3600_000),
        game.id,
      ),
    );
    expect(await endStalledGames(true)).toBeGreaterThanOrEqual(1);
    const [row] = await query(() =>
      all<{ status: string; end_reason: string }>(
        "SELECT status, end_reason FROM arena_games WHERE id = $1",
        game.id,
      ),
    );
    expect(row).toEqual({ status: "ended", end_reason: "timeout" });
    const msgs = (await syncOperator(game.id)).json.messages as { content: string }[];
    expect(msgs.some((m) => m.content.startsWith("Game ended: no action"))).toBe(true);
  });

  it("keeps stored scores equal to a rebuild from the stored results", async () => {
    const players = [makeIdentity(), makeIdentity(), makeIdentity()];
    // Several games among three players, two of them concurrently.
    await Promise.all([
      (async () => {
        const g = await startAuthGame("psi", [players[0]!, players[1]!]);
        await playPsi(g.keys, g.game.id);
      })(),
      (async () => {
        const g = await startAuthGame("psi", [players[1]!, players[2]!]);
        await playPsi(g.keys, g.game.id);
      })(),
    ]);
    const g3 = await startAuthGame("psi", [players[2]!, players[0]!]);
    await playPsi(g3.keys, g3.game.id);
    // A self-play game is not scored.
    const self = await startAuthGame("psi", [players[0]!, players[0]!]);
    await playPsi(self.keys, self.game.id);

    const games = await query(() => endedGames(0, 10_000));
    const invites = await query(() => readInvites(games.map((g) => g.id)));
    const expected = recomputeScores(
      games.map((g) => gameResultOf(g, invites)),
      strategiesOf,
      defaultStrategyOf,
    );
    const stored = await query(() => scoresOfType("psi", 10_000));
    for (const [strategy, entries] of expected.perType.get("psi")!) {
      for (const e of entries) {
        const row = stored.find((r) => r.strategy === strategy && r.playerId === e.playerId)!;
        expect(row, `${strategy} ${e.playerId}`).toBeDefined();
        expect(row.gamesPlayed).toBe(e.gamesPlayed);
        for (const [k, v] of Object.entries(e.metrics)) expect(row.metrics[k], k).toBeCloseTo(v, 10);
      }
    }
    expect(stored.filter((r) => r.strategy === "average").length).toBe(
      expected.perType.get("psi")!.get("average")!.length,
    );
    const p0 = stored.find((r) => r.strategy === "average" && r.playerId === players[0]!.userId)!;
    expect(p0.gamesPlayed).toBe(2); // the self-play game is skipped
    const globalRows = await query(() => scoresOfType("", 10_000));
    for (const e of expected.global) {
      const row = globalRows.find((r) => r.playerId === e.playerId)!;
      for (const [k, v] of Object.entries(e.metrics)) expect(row.metrics[k]).toBeCloseTo(v, 10);
    }
    // The rebuild command writes the same figures.
    const before = JSON.stringify(await query(() => scoresOfType("psi", 10_000)));
    const rebuilt = await rebuildScores();
    expect(rebuilt.games).toBe(games.length);
    expect(JSON.stringify(await query(() => scoresOfType("psi", 10_000)))).toBe(before);
    await transaction(() => exec("DELETE FROM arena_scores WHERE game_type = 'psi'"));
  });
});
