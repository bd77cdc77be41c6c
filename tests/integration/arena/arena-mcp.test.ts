// The arena's MCP endpoints (docs/arena-protocol.md "MCP") with the SDK's own client, its Streamable
// HTTP transport calling the route handlers in-process: the tool lists, standalone play (identity
// = `from`), 1-based indexes and redaction, errors as `isError` results with the HTTP error JSON,
// and auth mode (signed join → session key; the key as the connection's Bearer header).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import * as arenaMcp from "@/app/api/arena/mcp/route";
import * as chatMcp from "@/app/api/chat/mcp/route";
import * as arenaMcpV1 from "@/app/api/v1/arena/mcp/route";
import { env } from "@/lib/env";
import { installPeerAddressHook, PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { createLimiter } from "@/lib/rate-limit";
import { createGame } from "@/lib/services/arena/actions";
import { joinBody, makeIdentity, numbersIn, setArenaMode } from "@/tests/helpers/arena";
import { BASE, call, freshIp } from "@/tests/helpers/route";

type Routes = {
  POST: (req: NextRequest) => Promise<Response>;
  GET: () => Response;
  DELETE: () => Response;
};
type Msg = { channel: string; from: string; to?: string; content: string; index: number; redacted?: boolean };
type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

/** A fetch that hands each request to the route module's handler, as Next.js would. */
function inProcessFetch(routes: Routes, ip: string) {
  return async (url: string | URL, init?: RequestInit): Promise<Response> => {
    installPeerAddressHook();
    const headers = new Headers(init?.headers);
    headers.set(PEER_ADDRESS_HEADER, ip);
    const req = new NextRequest(new URL(url.toString(), BASE), { ...init, headers } as ConstructorParameters<
      typeof NextRequest
    >[1]);
    if (req.method === "POST") return routes.POST(req);
    if (req.method === "DELETE") return routes.DELETE();
    return routes.GET();
  };
}

const clients: Client[] = [];

async function connect(routes: Routes, path: string, key?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(path, BASE), {
    fetch: inProcessFetch(routes, freshIp()),
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : undefined,
  });
  const client = new Client({ name: "arena-mcp-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown>) {
  const res = (await client.callTool({ name, arguments: args })) as ToolResult;
  expect(res.content).toHaveLength(1);
  expect(res.content[0]!.type).toBe("text");
  return { isError: res.isError === true, json: JSON.parse(res.content[0]!.text) };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => setArenaMode("auth"));

describe("arena MCP: endpoints", () => {
  beforeEach(() => setArenaMode("auth"));

  it("lists the protocol's tools with their inputs on both endpoints and prefixes", async () => {
    const arena = await connect(arenaMcp, "/api/arena/mcp");
    const tools = (await arena.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual([
      "challenge_join",
      "challenge_message",
      "challenge_sync",
    ]);
    const sync = tools.find((t) => t.name === "challenge_sync")!;
    expect(Object.keys(sync.inputSchema.properties ?? {}).sort()).toEqual(["channel", "from", "index"]);
    expect(sync.inputSchema.required).toEqual(expect.arrayContaining(["channel", "index"]));
    const join = tools.find((t) => t.name === "challenge_join")!;
    expect(join.inputSchema.required).toEqual(["invite"]);

    const v1 = await connect(arenaMcpV1, "/api/v1/arena/mcp");
    expect((await v1.listTools()).tools).toHaveLength(3);

    const chat = await connect(chatMcp, "/api/chat/mcp");
    const chatTools = (await chat.listTools()).tools;
    expect(chatTools.map((t) => t.name).sort()).toEqual(["send_chat", "sync"]);
    const send = chatTools.find((t) => t.name === "send_chat")!;
    expect(Object.keys(send.inputSchema.properties ?? {}).sort()).toEqual([
      "channel",
      "content",
      "from",
      "to",
    ]);
  });

  it("answers GET with 405 and refuses a body over 64 KiB before parsing it", async () => {
    const get = await call(() => Promise.resolve(arenaMcp.GET()), { path: "/api/arena/mcp" });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const big = await call(arenaMcp.POST, {
      method: "POST",
      path: "/api/arena/mcp",
      rawBody: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } }),
      headers: { accept: "application/json, text/event-stream" },
    });
    expect(big.status).toBe(413);
    expect(big.json.error.message).toMatch(/larger than 65536 bytes/);
    const broken = await call(arenaMcp.POST, {
      method: "POST",
      path: "/api/arena/mcp",
      rawBody: "{nope",
      headers: { accept: "application/json, text/event-stream" },
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error.code).toBe(-32700);
  });
});

describe("arena MCP: standalone mode", () => {
  beforeEach(() => setArenaMode("standalone"));

  it("joins, acts and syncs with `from` as the identity", async () => {
    const game = await createGame("psi");
    const [a, b] = game.invites as [string, string];
    const arena = await connect(arenaMcp, "/api/arena/mcp");

    const ja = await tool(arena, "challenge_join", { invite: a, userId: "mcp-alice" });
    expect(ja.isError).toBe(false);
    expect(ja.json.ChallengeID).toBe(game.id);
    expect(ja.json.ChallengeInfo).toMatchObject({ players: 2 });
    expect(ja.json.sessionKey).toBeUndefined();
    expect((await tool(arena, "challenge_join", { invite: b })).json.ChallengeID).toBe(game.id);

    const again = await tool(arena, "challenge_join", { invite: a });
    expect(again).toEqual({
      isError: true,
      json: { error: "This invite has already been used.", code: "INVITE_ALREADY_USED" },
    });
    const unknown = await tool(arena, "challenge_join", { invite: "inv_nope" });
    expect(unknown).toEqual({ isError: true, json: { error: "Challenge not found for invite: inv_nope" } });

    // A's view: its own private set, B's redacted; indexes 1-based and consecutive.
    const seen = await tool(arena, "challenge_sync", { channel: game.id, from: a, index: 0 });
    expect(seen.isError).toBe(false);
    const msgs = seen.json.messages as Msg[];
    expect(seen.json.count).toBe(msgs.length);
    expect(msgs.map((m) => m.index)).toEqual(msgs.map((_, i) => i + 1));
    const mine = msgs.find((m) => m.to === a)!;
    expect(mine.content).toMatch(/Your private set/);
    expect(mine.redacted).toBeUndefined();
    expect(msgs.find((m) => m.to === b)).toMatchObject({ content: "", redacted: true });

    const guess = numbersIn(mine.content.split(".")[0]!).slice(0, 3).join(" ");
    const sent = await tool(arena, "challenge_message", {
      challengeId: game.id,
      from: a,
      messageType: "guess",
      content: guess,
    });
    expect(sent).toEqual({ isError: false, json: { ok: "Message sent" } });

    // From index n on: the logged action, the broadcast and A's outcome DM (hidden from B).
    const next = msgs.length + 1;
    const forB = (
      await tool(arena, "challenge_sync", { channel: `challenge_${game.id}`, from: b, index: next })
    ).json.messages as Msg[];
    // The logged action is a message to the operator: only its sender sees it before the end.
    expect(forB[0]).toMatchObject({ index: next, from: a, to: "operator", content: "", redacted: true });
    expect(forB.some((m) => m.to === undefined && m.content === `Player ${a} sent a guess`)).toBe(true);
    const dmForB = forB.find((m) => m.from === "operator" && m.to === a)!;
    expect(dmForB).toMatchObject({ content: "", redacted: true });
    const forA = (await tool(arena, "challenge_sync", { channel: game.id, from: a, index: next })).json
      .messages as Msg[];
    expect(forA[0]).toMatchObject({ index: next, from: a, to: "operator", content: `(guess) ${guess}` });
    expect(forA.find((m) => m.index === dmForB.index)!.content).not.toBe("");

    const noFrom = await tool(arena, "challenge_message", {
      challengeId: game.id,
      messageType: "guess",
      content: "1",
    });
    expect(noFrom).toEqual({ isError: true, json: { error: "from is required" } });
    const stranger = await tool(arena, "challenge_message", {
      challengeId: game.id,
      from: "inv_stranger",
      messageType: "guess",
      content: "1",
    });
    expect(stranger).toEqual({
      isError: true,
      json: { error: "Player not found.", code: "PLAYER_NOT_FOUND" },
    });
    const dup = await tool(arena, "challenge_message", {
      challengeId: game.id,
      from: a,
      messageType: "guess",
      content: "100",
    });
    expect(dup).toEqual({ isError: true, json: { error: "Guess already made.", code: "DUPLICATE_GUESS" } });

    const negative = await arena.callTool({
      name: "challenge_sync",
      arguments: { channel: game.id, index: -1 },
    });
    expect(negative.isError).toBe(true);
    expect(JSON.stringify(negative.content)).toMatch(/index/);
  });

  it("rate-limits writes per identity like the HTTP writes", async () => {
    const game = await createGame("psi");
    const [a, b] = game.invites as [string, string];
    const arena = await connect(arenaMcp, "/api/arena/mcp");
    await tool(arena, "challenge_join", { invite: a });
    await tool(arena, "challenge_join", { invite: b });
    // The same named limit on the shared store: use up A's minute.
    const same = createLimiter({
      name: "arena-writes",
      points: env.ARENA_WRITES_PER_MINUTE,
      durationSec: 60,
    });
    await same.penalize(`f:${a}`, env.ARENA_WRITES_PER_MINUTE);
    const limited = await tool(arena, "challenge_message", {
      challengeId: game.id,
      from: a,
      messageType: "guess",
      content: "100",
    });
    expect(limited).toEqual({
      isError: true,
      json: { error: "Too many arena requests. Slow down.", code: "rate_limited" },
    });
    // Reads are not limited, and B still writes.
    expect((await tool(arena, "challenge_sync", { channel: game.id, from: a, index: 0 })).isError).toBe(
      false,
    );
    const other = await tool(arena, "challenge_message", {
      challengeId: game.id,
      from: b,
      messageType: "guess",
      content: "100",
    });
    expect(other.json).toEqual({ ok: "Message sent" });
  });

  it("chats: send_chat answers {index, channel, from, to} and sync redacts DMs", async () => {
    const game = await createGame("psi");
    const [a, b] = game.invites as [string, string];
    const arena = await connect(arenaMcp, "/api/arena/mcp");
    await tool(arena, "challenge_join", { invite: a });
    await tool(arena, "challenge_join", { invite: b });
    const chat = await connect(chatMcp, "/api/chat/mcp");

    const hi = await tool(chat, "send_chat", { channel: game.id, from: a, content: "hello" });
    expect(hi).toEqual({ isError: false, json: { index: 1, channel: game.id, from: a, to: null } });
    const dm = await tool(chat, "send_chat", { channel: game.id, from: b, to: a, content: "psst" });
    expect(dm.json).toEqual({ index: 2, channel: game.id, from: b, to: a });
    const nul = await tool(chat, "send_chat", { channel: game.id, from: a, to: null, content: "all" });
    expect(nul.json.to).toBeNull();

    const byA = (await tool(chat, "sync", { channel: game.id, from: a, index: 0 })).json;
    expect(byA.count).toBe(3);
    expect(byA.messages[0]).not.toHaveProperty("to");
    expect(byA.messages[1]).toMatchObject({ index: 2, from: b, to: a, content: "psst" });
    const anon = (await tool(chat, "sync", { channel: game.id, index: 2 })).json.messages as Msg[];
    expect(anon.map((m) => m.index)).toEqual([2, 3]);
    expect(anon[0]).toMatchObject({ content: "", redacted: true });

    // Players may chat on the game's operator channel too (viewers of the game watch it).
    const op = await tool(chat, "send_chat", { channel: `challenge_${game.id}`, from: a, content: "x" });
    expect(op.isError).toBe(false);
    expect(op.json).toMatchObject({ channel: `challenge_${game.id}`, from: a, to: null });
  });
});

describe("arena MCP: auth mode", () => {
  beforeEach(() => setArenaMode("auth"));

  it("joins with a signature, then acts with the session key as the connection's Bearer", async () => {
    const game = await createGame("psi");
    const [a, b] = game.invites as [string, string];
    const [alice, bob] = [makeIdentity(), makeIdentity()];
    const anon = await connect(arenaMcp, "/api/arena/mcp");

    const unsigned = await tool(anon, "challenge_join", { invite: a });
    expect(unsigned).toEqual({
      isError: true,
      json: { error: "publicKey, signature, and timestamp are required" },
    });
    const forged = await tool(anon, "challenge_join", { ...joinBody(bob, a), publicKey: alice.publicKeyHex });
    expect(forged).toEqual({ isError: true, json: { error: "Invalid signature" } });

    const ja = await tool(anon, "challenge_join", joinBody(alice, a));
    expect(ja.isError).toBe(false);
    expect(ja.json.ChallengeID).toBe(game.id);
    expect(ja.json.sessionKey).toMatch(/^s_0\.[0-9a-f]{64}$/);
    const jb = await tool(anon, "challenge_join", joinBody(bob, b));
    expect(jb.json.sessionKey).toMatch(/^s_1\./);

    // `from` is ignored in auth mode: without a key, a write has no identity.
    const noKey = await tool(anon, "challenge_message", {
      challengeId: game.id,
      from: a,
      messageType: "guess",
      content: "1",
    });
    expect(noKey.isError).toBe(true);
    expect(noKey.json.error).toMatch(/^from is required: .*Authorization: Bearer <sessionKey>/);

    const asAlice = await connect(arenaMcp, "/api/arena/mcp", ja.json.sessionKey as string);
    const own = (await tool(asAlice, "challenge_sync", { channel: game.id, index: 0 })).json
      .messages as Msg[];
    const set = own.find((m) => m.to === a && m.content.startsWith("Your private set"))!;
    expect(own.find((m) => m.to === b)).toMatchObject({ redacted: true });
    const sent = await tool(asAlice, "challenge_message", {
      challengeId: game.id,
      from: b, // ignored: the key says Alice
      messageType: "guess",
      content: numbersIn(set.content.split(".")[0]!).slice(0, 3).join(" "),
    });
    expect(sent).toEqual({ isError: false, json: { ok: "Message sent" } });
    const log = (await tool(asAlice, "challenge_sync", { channel: game.id, index: own.length + 1 })).json
      .messages as Msg[];
    expect(log[0]).toMatchObject({ from: a, to: "operator" });

    const wrongKey = `s_0.${"0".repeat(64)}`;
    const forger = await connect(arenaMcp, "/api/arena/mcp", wrongKey);
    const refused = await tool(forger, "challenge_message", {
      challengeId: game.id,
      messageType: "guess",
      content: "100",
    });
    expect(refused).toEqual({ isError: true, json: { error: "Authentication required" } });

    // The chat endpoint takes the same key; Bob's key sends as Bob.
    const bobChat = await connect(chatMcp, "/api/chat/mcp", jb.json.sessionKey as string);
    const said = await tool(bobChat, "send_chat", { channel: game.id, from: a, content: "hi" });
    expect(said.json).toEqual({ index: 1, channel: game.id, from: b, to: null });
  });
});
