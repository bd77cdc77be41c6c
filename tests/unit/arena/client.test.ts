// The pure parts of the arena test client (tests/arena/client.ts): identities and signatures as
// docs/arena-protocol.md fixes them, URL building, the request shapes of both identity modes (through a
// recording fetch), and the SSE reader.
import { createHash, createPrivateKey, createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ArenaClient,
  apiUrl,
  decodeArenaEvent,
  ED25519_SPKI_PREFIX,
  identityFromPrivateKeyHex,
  makeIdentity,
  readArenaEvents,
  sign,
  SseParser,
  streamChannel,
  type ArenaStreamEvent,
  type Fetch,
} from "@/tests/arena/client";

function publicKeyFromHex(hex: string) {
  return createPublicKey({ key: Buffer.from(hex, "hex"), format: "der", type: "spki" });
}

function verifies(publicKeyHex: string, message: string, signatureHex: string): boolean {
  return verify(null, Buffer.from(message), publicKeyFromHex(publicKeyHex), Buffer.from(signatureHex, "hex"));
}

interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** A fetch that records each request and answers from `answer` (default 200 `{}`). */
function recorder(answer: (req: Sent) => Response = () => Response.json({})) {
  const sent: Sent[] = [];
  const fetchImpl: Fetch = (input, init) => {
    const raw = init?.body;
    const req: Sent = {
      method: init?.method ?? "GET",
      url: new URL(input),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof raw === "string" ? (JSON.parse(raw) as Record<string, unknown>) : undefined,
    };
    sent.push(req);
    return Promise.resolve(answer(req));
  };
  return { sent, fetchImpl };
}

const joinAnswer = (extra: Record<string, unknown> = {}) =>
  Response.json({ ChallengeID: "g-1", ChallengeInfo: { name: "PSI" }, ...extra });

describe("identity", () => {
  it("is an Ed25519 SPKI hex key (88 chars, fixed prefix), PKCS8 hex private key, userId = sha256 of the hex text", () => {
    const id = makeIdentity();
    expect(id.publicKeyHex).toMatch(/^[0-9a-f]{88}$/);
    expect(id.publicKeyHex.startsWith(ED25519_SPKI_PREFIX)).toBe(true);
    expect(publicKeyFromHex(id.publicKeyHex).asymmetricKeyType).toBe("ed25519");
    const priv = createPrivateKey({
      key: Buffer.from(id.privateKeyHex, "hex"),
      format: "der",
      type: "pkcs8",
    });
    expect(priv.asymmetricKeyType).toBe("ed25519");
    expect(createPublicKey(priv).export({ format: "der", type: "spki" }).toString("hex")).toBe(
      id.publicKeyHex,
    );
    // The hash of the hex *text*, not of the key bytes.
    expect(id.userId).toBe(createHash("sha256").update(Buffer.from(id.publicKeyHex, "utf8")).digest("hex"));
    expect(id.userId).not.toBe(
      createHash("sha256").update(Buffer.from(id.publicKeyHex, "hex")).digest("hex"),
    );
  });

  it("differs per call and round-trips through the private key file format", () => {
    const a = makeIdentity();
    const b = makeIdentity();
    expect(a.publicKeyHex).not.toBe(b.publicKeyHex);
    expect(identityFromPrivateKeyHex(a.privateKeyHex)).toEqual(a);
  });

  it("signs: 64 bytes, verifiable with the key re-imported from SPKI hex, bound to message and key", () => {
    const a = makeIdentity();
    const b = makeIdentity();
    const msg = "arena:v1:join:inv_abc:1764201600000";
    const sig = sign(a, msg);
    expect(sig).toMatch(/^[0-9a-f]{128}$/);
    expect(verifies(a.publicKeyHex, msg, sig)).toBe(true);
    expect(verifies(a.publicKeyHex, `${msg}1`, sig)).toBe(false);
    expect(verifies(b.publicKeyHex, msg, sig)).toBe(false);
  });
});

describe("URLs", () => {
  it.each([
    ["http://h/x/y", "/api/v1", "/metadata", "http://h/api/v1/metadata"],
    ["http://h/x/y/", "/api", "/metadata", "http://h/api/metadata"],
    ["https://h:8443/deep/base?q=1#f", "/api/v1", "/stats", "https://h:8443/api/v1/stats"],
    ["http://h/x", "", "/health", "http://h/health"],
  ] as const)("%s + %s%s → %s (base path, query and hash discarded)", (base, prefix, path, want) => {
    expect(apiUrl(base, prefix, path).toString()).toBe(want);
  });

  it("matches new URL with an absolute path, and sets only defined query values", () => {
    expect(new URL("/api/v1/metadata", "http://h/x/y").pathname).toBe("/api/v1/metadata");
    const url = apiUrl("http://h/x", "/api/v1", "/challenges/psi", {
      limit: 5,
      offset: undefined,
      status: "open",
    });
    expect(url.pathname).toBe("/api/v1/challenges/psi");
    expect([...url.searchParams]).toEqual([
      ["limit", "5"],
      ["status", "open"],
    ]);
  });

  it("uses the configured prefix and escapes path segments", async () => {
    const { sent, fetchImpl } = recorder();
    const c = new ArenaClient("http://h/ignored/", { prefix: "/api", fetch: fetchImpl });
    await c.metadata("a/b");
    await c.health();
    await c.listGames({ type: "psi", limit: 100, status: "ended" });
    expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      "GET /api/metadata/a%2Fb",
      "GET /health",
      "GET /api/challenges/psi?limit=100&status=ended",
    ]);
  });
});

describe("ArenaClient requests", () => {
  it("auth join: signed {invite, publicKey, signature, timestamp}; then Bearer and no `from`", async () => {
    const { sent, fetchImpl } = recorder((req) =>
      req.url.pathname.endsWith("/arena/join") ? joinAnswer({ sessionKey: "s_1.abc" }) : Response.json({}),
    );
    const id = makeIdentity();
    const c = new ArenaClient("http://h", { fetch: fetchImpl });
    const res = await c.join("inv_x", id, { timestamp: 1764201600000 });
    expect(res.status).toBe(200);
    const join = sent[0]!;
    expect(join.method).toBe("POST");
    expect(join.url.pathname).toBe("/api/v1/arena/join");
    expect(join.headers["content-type"]).toBe("application/json");
    expect(join.headers.authorization).toBeUndefined();
    expect(Object.keys(join.body!).sort()).toEqual(["invite", "publicKey", "signature", "timestamp"]);
    expect(join.body!.timestamp).toBe(1764201600000);
    expect(join.body!.publicKey).toBe(id.publicKeyHex);
    expect(verifies(id.publicKeyHex, "arena:v1:join:inv_x:1764201600000", String(join.body!.signature))).toBe(
      true,
    );
    expect(c.sessionKey).toBe("s_1.abc");
    expect(c.challengeId).toBe("g-1");

    await c.act("g-1", "guess", "101 202");
    await c.syncOperator("g-1", 3);
    await c.chat("g-1", "hi");
    await c.syncChat("g-1", 1);
    for (const s of sent.slice(1)) expect(s.headers.authorization).toBe("Bearer s_1.abc");
    expect(sent[1]!.body).toEqual({ challengeId: "g-1", messageType: "guess", content: "101 202" });
    expect(sent[2]!.url.pathname).toBe("/api/v1/arena/sync");
    expect(Object.fromEntries(sent[2]!.url.searchParams)).toEqual({ channel: "g-1", index: "3" });
    expect(sent[3]!.body).toEqual({ channel: "g-1", content: "hi" });
    expect(Object.fromEntries(sent[4]!.url.searchParams)).toEqual({ channel: "g-1", index: "1" });

    // Joining another seat with the same client sends no earlier key, then uses the new one.
    await c.join("inv_next", id);
    expect(sent[5]!.headers.authorization).toBeUndefined();
  });

  it("standalone join: {invite, userId}; then `from` = invite in bodies and queries, no Bearer", async () => {
    const { sent, fetchImpl } = recorder((req) =>
      req.url.pathname.endsWith("/arena/join") ? joinAnswer() : Response.json({}),
    );
    const id = makeIdentity();
    const c = new ArenaClient("http://h", { fetch: fetchImpl });
    await c.join("inv_y", id, { mode: "standalone" });
    expect(sent[0]!.body).toEqual({ invite: "inv_y", userId: id.userId });
    expect(c.sessionKey).toBeUndefined();
    expect(c.from).toBe("inv_y");

    await c.act("g-1", "accept", "");
    await c.syncOperator("g-1", 1);
    await c.chat("g-1", "psst", "inv_z");
    await c.syncChat("g-1", 2);
    for (const s of sent) expect(s.headers.authorization).toBeUndefined();
    expect(sent[1]!.body).toEqual({ challengeId: "g-1", messageType: "accept", content: "", from: "inv_y" });
    expect(sent[2]!.url.searchParams.get("from")).toBe("inv_y");
    expect(sent[3]!.body).toEqual({ channel: "g-1", content: "psst", to: "inv_z", from: "inv_y" });
    expect(sent[4]!.url.searchParams.get("from")).toBe("inv_y");
  });

  it("a join without identity sends only the invite", async () => {
    const { sent, fetchImpl } = recorder(() => joinAnswer());
    await new ArenaClient("http://h", { fetch: fetchImpl }).join("inv_q");
    expect(sent[0]!.body).toEqual({ invite: "inv_q" });
  });

  it("never throws on non-2xx: answers {status, body} (JSON or text) and a failed join stores nothing", async () => {
    const { fetchImpl } = recorder((req) =>
      req.url.pathname.endsWith("/arena/join")
        ? Response.json(
            { error: "This invite has already been used.", code: "INVITE_ALREADY_USED" },
            { status: 400 },
          )
        : new Response("Bad Gateway", { status: 502 }),
    );
    const c = new ArenaClient("http://h", { fetch: fetchImpl });
    const join = await c.join("inv_x", makeIdentity());
    expect(join).toEqual({
      status: 400,
      body: { error: "This invite has already been used.", code: "INVITE_ALREADY_USED" },
    });
    expect(c.sessionKey).toBeUndefined();
    expect(c.from).toBeUndefined();
    expect(c.challengeId).toBeUndefined();
    expect(await c.stats()).toEqual({ status: 502, body: "Bad Gateway" });
  });

  it("signs profile updates with arena:v1:user-update:{timestamp}", async () => {
    const { sent, fetchImpl } = recorder();
    const id = makeIdentity();
    await new ArenaClient("http://h", { fetch: fetchImpl }).updateProfile(
      { username: "ada", model: "m1" },
      id,
      42,
    );
    const body = sent[0]!.body!;
    expect(sent[0]!.url.pathname).toBe("/api/v1/users");
    expect(body).toMatchObject({ username: "ada", model: "m1", publicKey: id.publicKeyHex, timestamp: 42 });
    expect(verifies(id.publicKeyHex, "arena:v1:user-update:42", String(body.signature))).toBe(true);
    expect(verifies(id.publicKeyHex, "arena:v1:user-update:43", String(body.signature))).toBe(false);
  });

  it("creates with POST and no body; scoring, user, invite paths", async () => {
    const { sent, fetchImpl } = recorder();
    const c = new ArenaClient("http://h", { fetch: fetchImpl });
    await c.createGame("secret-keeper");
    await c.scoring();
    await c.scoring("psi");
    await c.user("u1");
    await c.invite("inv_1");
    expect(sent[0]).toMatchObject({ method: "POST", body: undefined });
    expect(sent.map((s) => s.url.pathname)).toEqual([
      "/api/v1/challenges/secret-keeper",
      "/api/v1/scoring",
      "/api/v1/scoring/psi",
      "/api/v1/users/u1",
      "/api/v1/invites/inv_1",
    ]);
  });
});

function streamOf(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      c.close();
    },
  });
}

async function eventsOf(stream: ReadableStream<Uint8Array>): Promise<ArenaStreamEvent[]> {
  const got: ArenaStreamEvent[] = [];
  await readArenaEvents(stream, (e) => got.push(e));
  return got;
}

const msg = (index: number, content: string) => ({
  channel: "g-1",
  from: "operator",
  content,
  timestamp: 1,
  index,
});

describe("SSE", () => {
  it("parses frames, skips comments, joins data lines, keeps a named event's name", () => {
    const p = new SseParser();
    expect(p.push(': ping\n\ndata: {"a":1}\n\ndata: x\ndata: y\n\nevent: e\ndata:z\n\n')).toEqual([
      { data: '{"a":1}' },
      { data: "x\ny" },
      { event: "e", data: "z" },
    ]);
    expect(p.push(": ping\n\n\n\n")).toEqual([]);
  });

  it("carries a frame across chunk boundaries, also between \\r and \\n", () => {
    const p = new SseParser();
    expect(p.push("da")).toEqual([]);
    expect(p.push('ta: {"n"')).toEqual([]);
    expect(p.push(":2}\r")).toEqual([]);
    expect(p.push("\n")).toEqual([]);
    expect(p.push("\r")).toEqual([]);
    expect(p.push("\ndata: 3\r\r")).toEqual([{ data: '{"n":2}' }]);
    // The last \r could still be half of \r\n; at the end of the stream it ends the frame.
    expect(p.end()).toEqual([{ data: "3" }]);
  });

  it("drops an unterminated last frame at the end of the stream", () => {
    const p = new SseParser();
    expect(p.push("data: 1\n\ndata: 2\n")).toEqual([{ data: "1" }]);
    expect(p.end()).toEqual([]);
  });

  it("decodes the arena's events from a byte stream split anywhere (even inside a UTF-8 character)", async () => {
    const initial = JSON.stringify({ type: "initial", messages: [msg(1, "héllo")] });
    const bytes = new TextEncoder().encode(
      `data: ${initial}\n\n: ping\n\ndata: ${JSON.stringify({ type: "new_message", message: msg(2, "Game ended. ✓") })}\n\n` +
        `data: ${JSON.stringify({ type: "game_ended", data: { status: "ended", scores: [], players: [], playerIdentities: {} } })}\n\n`,
    );
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const events = await eventsOf(
      streamOf(bytes.slice(0, cut), bytes.slice(cut, cut + 7), bytes.slice(cut + 7)),
    );
    expect(events).toEqual([
      { type: "initial", messages: [msg(1, "héllo")] },
      { type: "new_message", message: msg(2, "Game ended. ✓") },
      { type: "game_ended", data: { status: "ended", scores: [], players: [], playerIdentities: {} } },
    ]);
  });

  it("reports frames that are not arena events instead of dropping them", () => {
    expect(decodeArenaEvent({ data: "not json" })).toEqual({ type: "invalid", data: "not json" });
    expect(decodeArenaEvent({ data: '{"type":"new_message"}' })).toEqual({
      type: "unknown",
      value: { type: "new_message" },
    });
  });

  it("streamChannel: GET /api/v1/chat/ws/:channel with the key as Bearer, events until the end", async () => {
    const { sent, fetchImpl } = recorder(
      () =>
        new Response(
          streamOf(`data: ${JSON.stringify({ type: "initial", messages: [] })}\n\n`, ": ping\n\n"),
          {
            headers: { "content-type": "text/event-stream" },
          },
        ),
    );
    const got: ArenaStreamEvent[] = [];
    const res = await streamChannel("http://h/base/", "challenge_g-1", {
      key: "s_0.k",
      onEvent: (e) => got.push(e),
      fetch: fetchImpl,
    });
    expect(res.status).toBe(200);
    expect(sent[0]!.url.toString()).toBe("http://h/api/v1/chat/ws/challenge_g-1");
    expect(sent[0]!.headers.authorization).toBe("Bearer s_0.k");
    expect(got).toEqual([{ type: "initial", messages: [] }]);
  });

  it("streamChannel: a refusal resolves with its status and body and no events; `from` goes in the query", async () => {
    const { sent, fetchImpl } = recorder(() =>
      Response.json({ error: "Authentication required" }, { status: 401 }),
    );
    const got: ArenaStreamEvent[] = [];
    const res = await streamChannel("http://h", "g-1", {
      from: "inv_a",
      onEvent: (e) => got.push(e),
      fetch: fetchImpl,
    });
    expect(res).toEqual({ status: 401, body: { error: "Authentication required" } });
    expect(sent[0]!.url.searchParams.get("from")).toBe("inv_a");
    expect(got).toEqual([]);
  });

  it("streamChannel: resolves quietly when the signal aborts an open stream", async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(`data: ${JSON.stringify({ type: "initial", messages: [] })}\n\n`));
        controller.signal.addEventListener("abort", () => c.error(new DOMException("aborted", "AbortError")));
      },
    });
    const got: ArenaStreamEvent[] = [];
    const done = streamChannel("http://h", "g-1", {
      signal: controller.signal,
      onEvent: (e) => {
        got.push(e);
        controller.abort();
      },
      fetch: () => Promise.resolve(new Response(body)),
    });
    await expect(done).resolves.toEqual({ status: 200, body: null });
    expect(got).toHaveLength(1);
  });
});
