// The whole player flow through the public API alone: register, log in, list the demo
// ladder, submit attempts as JSON and as a server-sent event stream, read the challenge and
// collection leaderboards.
//
// Transport: in process. Each call builds a real Request (method, URL, headers, JSON body) and
// hands it to the app's route handler for that path, the way Next.js does; responses are the
// handlers' real Response objects (the SSE body is read chunk by chunk from its stream). A client
// keeps the session cookie from Set-Cookie and sends it back, with the Origin header a browser
// would add. Not covered here: Next's own routing and HTTP server (the Playwright specs run
// those against `next start`).
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as attempts from "@/app/web/api/challenges/[id]/attempts/route";
import * as challenge from "@/app/web/api/challenges/[id]/route";
import * as challengeBoard from "@/app/web/api/challenges/[id]/leaderboard/route";
import * as challenges from "@/app/web/api/challenges/route";
import * as collection from "@/app/web/api/challenge-collections/[id]/route";
import * as collectionBoard from "@/app/web/api/challenge-collections/[id]/leaderboard/route";
import * as collections from "@/app/web/api/challenge-collections/route";
import * as login from "@/app/web/api/login/route";
import * as logout from "@/app/web/api/logout/route";
import * as me from "@/app/web/api/me/route";
import * as register from "@/app/web/api/register/route";
import { db } from "@/lib/db";
import { DEMO, seedDemo } from "@/lib/seed/demo";
import { DEMO_LADDER, DEMO_LADDER_COLLECTION, DEMO_LADDER_WALKTHROUGH } from "@/lib/seed/ladder";
import { getSecretValue } from "@/lib/services/secrets";

const ORIGIN = "http://localhost:3000";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST", Handler>>;

// The app's URL patterns (app/web/api/**/route.ts), most specific first.
const ROUTES: [RegExp, RouteModule][] = [
  [/^\/web\/api\/register$/, register],
  [/^\/web\/api\/login$/, login],
  [/^\/web\/api\/logout$/, logout],
  [/^\/web\/api\/me$/, me],
  [/^\/web\/api\/challenges$/, challenges],
  [/^\/web\/api\/challenges\/(?<id>[^/]+)\/attempts$/, attempts],
  [/^\/web\/api\/challenges\/(?<id>[^/]+)\/leaderboard$/, challengeBoard],
  [/^\/web\/api\/challenges\/(?<id>[^/]+)$/, challenge],
  [/^\/web\/api\/challenge-collections$/, collections],
  [/^\/web\/api\/challenge-collections\/(?<id>[^/]+)\/leaderboard$/, collectionBoard],
  [/^\/web\/api\/challenge-collections\/(?<id>[^/]+)$/, collection],
];

/** Every response body seen, to check that no secret ever went out. */
const bodies: string[] = [];

/** fetch() for the app's API, dispatched in process to its route handlers. */
async function appFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(path, ORIGIN);
  const method = (init.method ?? "GET").toUpperCase() as "GET" | "POST";
  for (const [pattern, mod] of ROUTES) {
    const match = pattern.exec(url.pathname);
    if (!match) continue;
    const handler = mod[method];
    if (!handler) return new Response(null, { status: 405 });
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", "203.0.113.77");
    const req = new NextRequest(url, { method, headers, body: init.body ?? null });
    return handler(req, { params: Promise.resolve({ ...match.groups }) });
  }
  return new Response(null, { status: 404 });
}

/** A client that behaves like a browser (cookie jar, Origin) or an integrator (Bearer token). */
class Client {
  cookie: string | null = null;
  bearer: string | null = null;

  headers(extra: Record<string, string> = {}): Headers {
    const h = new Headers(extra);
    if (this.cookie) h.set("cookie", this.cookie);
    if (this.bearer) h.set("authorization", `Bearer ${this.bearer}`);
    return h;
  }

  private keepCookie(res: Response) {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const [name, value] = pair!.split("=");
      if (!name?.includes("session-token")) continue;
      this.cookie = value ? `${name}=${value}` : null;
    }
  }

  async request(method: "GET" | "POST", path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers = this.headers({ origin: ORIGIN, ...extra });
    if (body !== undefined) headers.set("content-type", "application/json");
    const res = await appFetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookie(res);
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, body?: unknown, extra?: Record<string, string>) =>
    this.request("POST", path, body, extra);

  /** POST with Accept: text/event-stream; reads the stream as it arrives and parses the events. */
  async stream(path: string, body: unknown) {
    const headers = this.headers({
      origin: ORIGIN,
      accept: "text/event-stream",
      "content-type": "application/json",
    });
    const res = await appFetch(path, { method: "POST", headers, body: JSON.stringify(body) });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let chunks = 0;
    const events: { event: string; data: any }[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1] ?? "message";
        const data = block
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        events.push({ event, data: JSON.parse(data) });
      }
    }
    bodies.push(JSON.stringify(events));
    expect(buffer.trim()).toBe("");
    return { status: res.status, events, chunks };
  }
}

const L1 = DEMO_LADDER_WALKTHROUGH[0]!;
const email = `climber-${Date.now().toString(36)}@example.test`;
const password = "correct horse battery staple";
let accountId: string;

beforeAll(async () => {
  // What the server does on start.
  await seedDemo();
});

describe("the player flow through the API alone", () => {
  const browser = new Client();

  it("lets anyone read the ladder but not play it", async () => {
    const anon = new Client();
    const list = await anon.get("/web/api/challenges?limit=100");
    expect(list.status).toBe(200);
    const ids = list.json.data.map((c: { id: string }) => c.id);
    for (const level of DEMO_LADDER) expect(ids).toContain(level.challengeId);
    const detail = await anon.get(`/web/api/challenges/${L1.challengeId}`);
    expect(detail.status).toBe(200);
    expect(detail.json.instructions_md ?? detail.json.instructions).toMatch(/Hint/);

    // The demo ladder lets visitors play at once as guests (Challenge.allowGuests): the attempt
    // is theirs, under a guest end user, and a failed one makes no board entry.
    const guest = await anon.post(`/web/api/challenges/${L1.challengeId}/attempts`, {
      prompt: L1.naivePrompt,
    });
    expect(guest.status).toBe(201);
    expect(guest.json).toMatchObject({ challenge_id: L1.challengeId, succeeded: false });
    const played = await db.challengeAttempt.findMany({ include: { endUser: true } });
    expect(played.map((a) => [a.accountId, a.endUser.type])).toEqual([[null, "guest"]]);
    expect(await db.challengeLeaderboardEntry.count()).toBe(0);
  });

  it("registers, logs out and logs back in with the session cookie", async () => {
    const reg = await browser.post("/web/api/register", { email, name: "Climber", password });
    expect(reg.status).toBe(201);
    expect(browser.cookie).toMatch(/session-token=/);
    accountId = reg.json.account.id;

    expect((await browser.get("/web/api/me")).json.account.email).toBe(email);
    expect((await browser.post("/web/api/logout")).status).toBe(204);
    expect(browser.cookie).toBeNull();
    expect((await browser.get("/web/api/me")).status).toBe(401);

    const wrong = await browser.post("/web/api/login", { email, password: "not the password" });
    expect(wrong.status).toBe(401);
    const ok = await browser.post("/web/api/login", { email, password });
    expect(ok.status).toBe(200);
    expect(ok.json.token_type).toBe("Bearer");
    expect(browser.cookie).toMatch(/session-token=/);
    expect((await browser.get("/web/api/me")).json.account.id).toBe(accountId);
  });

  it("plays level 1 as a browser: a naive prompt fails (JSON), the technique wins (SSE)", async () => {
    const naive = await browser.post(`/web/api/challenges/${L1.challengeId}/attempts`, {
      prompt: L1.naivePrompt,
    });
    expect(naive.status).toBe(201);
    expect(naive.json).toMatchObject({
      challenge_id: L1.challengeId,
      status: "completed",
      succeeded: false,
      replayed: false,
    });
    expect(naive.json.judge_feedback).toEqual(expect.any(String));

    // A cookie-authenticated POST from another site is refused (CSRF) and plays nothing.
    const before = await db.challengeAttempt.count();
    const forged = await browser.post(
      `/web/api/challenges/${L1.challengeId}/attempts`,
      { prompt: L1.winningPrompt },
      {
        origin: "https://evil.example",
      },
    );
    expect(forged.status).toBe(403);
    expect(await db.challengeAttempt.count()).toBe(before);

    const run = await browser.stream(`/web/api/challenges/${L1.challengeId}/attempts`, {
      prompt: L1.winningPrompt,
    });
    // The stream starts before the attempt is recorded, so its status is 200.
    expect(run.status).toBe(200);
    const names = run.events.map((e) => e.event);
    expect(names[0]).toBe("run_started");
    expect(names).toContain("answer");
    expect(names.filter((n) => n === "answer_delta").length).toBeGreaterThanOrEqual(2);
    expect(run.chunks).toBeGreaterThanOrEqual(2);
    const final = run.events.at(-1)!;
    expect(final.event).toBe("attempt");
    expect(final.data).toMatchObject({
      challenge_id: L1.challengeId,
      status: "completed",
      succeeded: true,
      first_blood: true,
    });
  });

  // (demo-ladder.test.ts checks every level's naive prompt; one account may start only
  // ATTEMPTS_PER_MINUTE attempts a minute.)
  it("plays the rest of the ladder as an integrator with the Bearer token", async () => {
    const relogin = await new Client().post("/web/api/login", { email, password });
    const integrator = new Client();
    integrator.bearer = relogin.json.access_token;
    for (const w of DEMO_LADDER_WALKTHROUGH.slice(1)) {
      const path = `/web/api/challenges/${w.challengeId}/attempts`;
      const hit = await integrator.post(
        path,
        { prompt: w.winningPrompt },
        { "idempotency-key": `win-${w.level}` },
      );
      expect(hit.status).toBe(201);
      expect(hit.json.succeeded).toBe(true);
      // A retry of the same request is answered from the stored attempt.
      const retry = await integrator.post(
        path,
        { prompt: w.winningPrompt },
        { "idempotency-key": `win-${w.level}` },
      );
      expect(retry.status).toBe(200);
      expect(retry.json).toMatchObject({ attempt_id: hit.json.attempt_id, replayed: true, succeeded: true });
    }
  });

  it("shows the player on the challenge and collection leaderboards", async () => {
    for (const level of DEMO_LADDER) {
      const board = await browser.get(`/web/api/challenges/${level.challengeId}/leaderboard?limit=10`);
      expect(board.status).toBe(200);
      expect(board.json.rows[0]).toMatchObject({ rank: 1, account_id: accountId, display_name: "Climber" });
      expect(board.json.viewer).toMatchObject({ rank: 1, account_id: accountId });
    }
    const board = await browser.get(
      `/web/api/challenge-collections/${DEMO_LADDER_COLLECTION.id}/leaderboard?limit=10`,
    );
    expect(board.status).toBe(200);
    expect(board.json).toMatchObject({ scoring_strategy: "sum", total: 1 });
    expect(board.json.rows[0]).toMatchObject({
      rank: 1,
      account_id: accountId,
      solved: DEMO_LADDER.length,
      score: DEMO_LADDER.reduce((s, l) => s + l.points, 0),
    });
    const view = await browser.get(`/web/api/challenge-collections/${DEMO_LADDER_COLLECTION.id}`);
    expect(view.json.challenges.every((c: { solved: boolean }) => c.solved)).toBe(true);
    const list = await browser.get("/web/api/challenge-collections");
    expect(list.json.data.map((c: { id: string }) => c.id)).toContain(DEMO_LADDER_COLLECTION.id);
  });

  it("never sent a secret", async () => {
    const ws = await db.workspace.findUniqueOrThrow({ where: { slug: DEMO.workspace.slug } });
    const secrets = await Promise.all(DEMO_LADDER.map((l) => getSecretValue(ws.id, l.secretName)));
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      // The one place a secret may appear: the winner's own result (revealed_secret).
      const shown = body.replace(/"revealed_secret":"[^"]*"/g, "");
      for (const s of secrets) expect(shown.toLowerCase()).not.toContain(s!.toLowerCase());
    }
  });
});
