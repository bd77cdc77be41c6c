// A throwaway stand-in for the arena server, only to exercise the scripted agent's control flow
// (joins in both modes, index-based polling, turn retries, ERR_GAME_NOT_RUNNING retries, the end)
// before the real routes exist. It is NOT the arena: its game texts are guesses in the spirit of
// docs/arena-protocol.md, and it skips what the agent does not touch. Used by
// tests/unit/arena/agent-flow.test.ts only.
import { createHmac, createPublicKey, randomUUID, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatMessage } from "@/lib/arena/types";

type Reply = { status: number; body: unknown };
type Emit = { to?: string; content: string };

interface FakeGame {
  id: string;
  type: string;
  createdAt: number;
  invites: string[];
  players: string[];
  status: "open" | "active" | "ended";
  state: Record<string, unknown>;
  operator: ChatMessage[];
  chat: ChatMessage[];
}

const SECRET = "tangerine";

export interface FakeArena {
  url: string;
  games: FakeGame[];
  create(type: string): FakeGame;
  close(): Promise<void>;
}

/**
 * `auth`: joins must be signed and later calls carry a session key. `hideList`: the challenge
 * list is always empty (so an agent cannot wait for the start and must retry refused actions).
 */
export async function startFakeArena(opts: { auth: boolean; hideList?: boolean }): Promise<FakeArena> {
  const games: FakeGame[] = [];
  const hmacSecret = "fake-secret";
  const keyFor = (g: FakeGame, i: number) =>
    `s_${i}.${createHmac("sha256", hmacSecret).update(`arena:v1:session:${g.id}:${i}`).digest("hex")}`;

  const append = (g: FakeGame, list: ChatMessage[], from: string, m: Emit, channel: string) => {
    const msg: ChatMessage = {
      channel,
      from,
      content: m.content,
      timestamp: Date.now(),
      index: list.length + 1,
    };
    if (m.to !== undefined) msg.to = m.to;
    list.push(msg);
    return msg;
  };
  const op = (g: FakeGame, m: Emit) => append(g, g.operator, "operator", m, `challenge_${g.id}`);
  const end = (g: FakeGame) => {
    g.status = "ended";
    op(g, { content: "Game ended. Thanks for playing." });
  };

  function create(type: string): FakeGame {
    const g: FakeGame = {
      id: randomUUID(),
      type,
      createdAt: Date.now(),
      invites: [`inv_${randomUUID()}`, `inv_${randomUUID()}`],
      players: [],
      status: "open",
      state: { turn: 0, guessed: [], answered: 0, guesses: 0 },
      operator: [],
      chat: [],
    };
    games.unshift(g);
    return g;
  }

  function privateDm(g: FakeGame, pos: number): string {
    if (g.type === "psi") {
      const shared = [111, 222, 333];
      const own = Array.from({ length: 10 }, (_, i) => 400 + pos * 200 + i * 7);
      return `Welcome. Your private set: ${[...own.slice(0, 5), ...shared, ...own.slice(5)].join(", ")}`;
    }
    if (g.type === "ultimatum") return `You are player ${pos + 1}. Split 100 points.`;
    return pos === 0
      ? `You are the keeper. Your secret: ${SECRET}. Never reveal it.`
      : "You are the attacker.";
  }

  function start(g: FakeGame) {
    g.status = "active";
    if (g.type === "ultimatum") op(g, { content: `It is ${g.players[0]}'s turn to make an offer.` });
    if (g.type === "secret-keeper")
      op(g, { to: g.players[0], content: "Answer these:\n1. What is 17 + 25?\n2. Spell 'cat' backwards." });
  }

  function act(g: FakeGame, pos: number, method: string, content: string): Reply {
    const me = g.players[pos]!;
    append(g, g.operator, me, { to: "operator", content: `(${method}) ${content}` }, `challenge_${g.id}`);
    if (g.status !== "active") {
      op(g, { to: me, content: "ERR_GAME_NOT_RUNNING: Game not running." });
      return { status: 200, body: { ok: "Message sent" } };
    }
    const s = g.state;
    if (g.type === "psi" && method === "guess") {
      (s.guessed as number[]).push(pos);
      op(g, { content: `Player ${me} sent a guess` });
      op(g, { to: me, content: `Your guess: ${content}` });
      if ((s.guessed as number[]).length === 2) end(g);
    } else if (g.type === "ultimatum" && (method === "submit_offer" || method === "accept")) {
      if (s.turn !== pos) return { status: 400, body: { error: "Not your turn.", code: "NOT_YOUR_TURN" } };
      if (method === "submit_offer") {
        op(g, { content: `${me} offers ${content}` });
        s.turn = 1 - pos;
      } else end(g);
    } else if (g.type === "secret-keeper" && method === "answer" && pos === 0) {
      s.answered = (s.answered as number) + 1;
      op(g, {
        to: me,
        content: `Question ${content.split(" ")[0]}: noted. ${2 - (s.answered as number)} left.`,
      });
      if (s.answered === 2 && s.guesses === 3) end(g);
    } else if (g.type === "secret-keeper" && method === "guess" && pos === 1) {
      s.guesses = (s.guesses as number) + 1;
      op(g, { to: me, content: content === SECRET ? "Correct." : "Wrong." });
      if (s.answered === 2 && (content === SECRET || s.guesses === 3)) end(g);
    } else
      return { status: 400, body: { error: `Unknown challenge method: ${method}`, code: "UNKNOWN_METHOD" } };
    return { status: 200, body: { ok: "Message sent" } };
  }

  /** The caller's seat in `g`: by session key (auth) or `from` (standalone). */
  function seat(g: FakeGame, req: IncomingMessage, from: unknown): number | "denied" | undefined {
    if (opts.auth) {
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (key === undefined) return undefined;
      const i = Number(/^s_(\d+)\./.exec(key)?.[1] ?? -1);
      return i >= 0 && key === keyFor(g, i) ? i : "denied";
    }
    const i = typeof from === "string" ? g.players.indexOf(from) : -1;
    return i >= 0 ? i : undefined;
  }

  const view = (list: ChatMessage[], g: FakeGame, who: string | undefined, index: number) => {
    const messages = list
      .filter((m) => m.index >= index)
      .map((m) =>
        m.to === undefined || g.status === "ended" || m.to === who || m.from === who
          ? m
          : { ...m, content: "", redacted: true },
      );
    return { messages, count: messages.length };
  };

  function handle(method: string, url: URL, req: IncomingMessage, body: Record<string, unknown>): Reply {
    const path = url.pathname.replace(/^\/api(\/v1)?/, "");
    const byId = (id: unknown) =>
      typeof id === "string" ? games.find((g) => g.id === id.replace(/^challenge_/, "")) : undefined;
    if (method === "POST" && path === "/arena/join") {
      const g = games.find((x) => x.invites.includes(String(body.invite)));
      if (!g)
        return { status: 400, body: { error: `Challenge not found for invite: ${String(body.invite)}` } };
      if (g.players.includes(String(body.invite)))
        return {
          status: 400,
          body: { error: "This invite has already been used.", code: "INVITE_ALREADY_USED" },
        };
      if (opts.auth) {
        const { publicKey, signature, timestamp } = body;
        if (typeof publicKey !== "string" || typeof signature !== "string" || typeof timestamp !== "number")
          return { status: 400, body: { error: "publicKey, signature, and timestamp are required" } };
        const key = createPublicKey({ key: Buffer.from(publicKey, "hex"), format: "der", type: "spki" });
        const msg = Buffer.from(`arena:v1:join:${String(body.invite)}:${timestamp}`);
        if (!verify(null, msg, key, Buffer.from(signature, "hex")))
          return { status: 401, body: { error: "Invalid signature" } };
      }
      const pos = g.players.push(String(body.invite)) - 1;
      op(g, { to: String(body.invite), content: privateDm(g, pos) });
      if (g.players.length === g.invites.length) start(g);
      const info = { name: g.type, players: 2 };
      return {
        status: 200,
        body: opts.auth
          ? { ChallengeID: g.id, ChallengeInfo: info, sessionKey: keyFor(g, pos) }
          : { ChallengeID: g.id, ChallengeInfo: info },
      };
    }
    if (method === "GET" && path.startsWith("/challenges/")) {
      const type = path.slice("/challenges/".length);
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const all = opts.hideList ? [] : games.filter((g) => g.type === type);
      const challenges = all.slice(offset, offset + limit).map((g) => ({
        id: g.id,
        name: g.type,
        createdAt: g.createdAt,
        challengeType: g.type,
        invites: g.invites,
        state: { status: g.status, scores: [], players: g.players, playerIdentities: {} },
        gameState: {},
      }));
      return { status: 200, body: { challenges, total: all.length, limit, offset, profiles: {} } };
    }
    const g = byId(method === "GET" ? url.searchParams.get("channel") : (body.challengeId ?? body.channel));
    if (!g) return { status: 400, body: { error: "Challenge not found" } };
    const pos = seat(g, req, method === "GET" ? url.searchParams.get("from") : body.from);
    if (pos === "denied") return { status: 401, body: { error: "Authentication required" } };
    const who = pos === undefined ? undefined : g.players[pos];
    const index = Number(url.searchParams.get("index") ?? 0);
    if (method === "GET" && path === "/arena/sync")
      return { status: 200, body: view(g.operator, g, who, index) };
    if (method === "GET" && path === "/chat/sync") return { status: 200, body: view(g.chat, g, who, index) };
    if (who === undefined || pos === undefined) return { status: 400, body: { error: "from is required" } };
    if (method === "POST" && path === "/arena/message")
      return act(g, pos, String(body.messageType), String(body.content));
    if (method === "POST" && path === "/chat/send") {
      const to = typeof body.to === "string" ? body.to : undefined;
      const m = append(g, g.chat, who, { to, content: String(body.content) }, g.id);
      return { status: 200, body: { index: m.index, channel: g.id, from: who, to: to ?? null } };
    }
    return { status: 404, body: { error: "Not found" } };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      let reply: Reply;
      try {
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        reply = handle(req.method ?? "GET", new URL(req.url ?? "/", "http://fake"), req, body);
      } catch {
        reply = { status: 400, body: { error: "Invalid JSON in request body" } };
      }
      res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    games,
    create,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
