// GET /web/api/challenges/{id}/attempts (the caller's own attempts) and
// GET /console/api/challenges/{id}/attempts (a workspace challenge's attempts, filtered): paging,
// filters, player-safe fields, tenant isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as consoleAttempts } from "@/app/console/api/challenges/[id]/attempts/route";
import { GET as myAttempts } from "@/app/web/api/challenges/[id]/attempts/route";
import { db } from "@/lib/db";
import { createApiToken } from "@/lib/services/api-tokens";
import { consoleActors, expect422, expectError, type ConsoleActors } from "@/tests/helpers/console";
import { makeAttempt, makeEndUser, makePlayableChallenge } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";

const SECRET = "Quokka-77";
const T0 = Date.parse("2026-01-01T00:00:00.000Z");

let actors: ConsoleActors;
let challenge: { id: string; workspaceId: string };
let otherChallenge: { id: string };
let me: { endUserId: string; accountId: string; cookie: string };
let rival: { endUserId: string; accountId: string };

type Row = Record<string, unknown>;

beforeAll(async () => {
  actors = await consoleActors();
  const app = await db.app.findFirstOrThrow({ where: { workspaceId: actors.wsA.id } });
  challenge = await makePlayableChallenge({}, { secret: SECRET, appId: app.id });
  otherChallenge = await makePlayableChallenge({}, { secret: SECRET, appId: app.id });
  const mine = await makeEndUser({ workspaceId: actors.wsA.id, accountId: actors.player.id });
  me = { endUserId: mine.id, accountId: actors.player.id, cookie: actors.player.cookie };
  const theirs = await makeEndUser({ workspaceId: actors.wsA.id });
  rival = { endUserId: theirs.id, accountId: theirs.accountId! };
  // 25 of mine, one a minute apart (every 5th a win, every 7th errored), 5 of a rival, 3 of mine elsewhere.
  for (let i = 0; i < 25; i++) {
    await makeAttempt({
      challengeId: challenge.id,
      endUserId: me.endUserId,
      status: i % 7 === 6 ? "errored" : "completed",
      succeeded: i % 5 === 4,
      score: i,
      prompt: `prompt ${i}`,
      response: `answer ${i}: the password is ${SECRET}`,
      judgeOutputRaw: { raw: "judge internals" },
      errorMessage: i % 7 === 6 ? "upstream 500 at http://internal" : null,
      createdAt: new Date(T0 + i * 60_000),
    });
  }
  for (let i = 0; i < 5; i++) {
    await makeAttempt({
      challengeId: challenge.id,
      endUserId: rival.endUserId,
      createdAt: new Date(T0 + i * 61_000),
    });
  }
  for (let i = 0; i < 3; i++) await makeAttempt({ challengeId: otherChallenge.id, endUserId: me.endUserId });
});

const mine = (
  query = "",
  auth: { cookie?: string; bearer?: string } = { cookie: me.cookie },
  id = challenge.id,
) =>
  call(myAttempts, {
    path: `/web/api/challenges/${id}/attempts${query}`,
    params: { id },
    ...auth,
  });

const workspace = (
  query = "",
  auth: { cookie?: string; bearer?: string } = { cookie: actors.ownerA.cookie },
  id = challenge.id,
) =>
  call(consoleAttempts, { path: `/console/api/challenges/${id}/attempts${query}`, params: { id }, ...auth });

async function walk(get: (query: string) => ReturnType<typeof mine>, query: string): Promise<Row[]> {
  const seen: Row[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const res = await get(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status, res.text).toBe(200);
    seen.push(...(res.json.data as Row[]));
    cursor = res.json.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error("paging did not end");
}

describe("GET /web/api/challenges/{id}/attempts", () => {
  it("pages the caller's own attempts newest first, without gaps or repeats", async () => {
    const first = await mine("?limit=10");
    expect(first.status).toBe(200);
    expect(first.json.data).toHaveLength(10);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const all = await walk(mine, "?limit=10");
    expect(all.map((a) => a.prompt)).toEqual(Array.from({ length: 25 }, (_, i) => `prompt ${24 - i}`));
    expect(new Set(all.map((a) => a.attempt_id)).size).toBe(25);
    // Default page size 20.
    expect((await mine()).json.data).toHaveLength(20);
  });

  it("shows player-safe fields only, with the answer masked", async () => {
    const { json } = await mine("?limit=25");
    const errored = (json.data as Row[]).find((a) => a.status === "errored")!;
    expect(Object.keys(errored).sort()).toEqual(
      [
        "answer",
        "attempt_id",
        "challenge_id",
        "created_at",
        "elapsed_ms",
        "judge_feedback",
        "judge_rating",
        "prompt",
        "score",
        "status",
        "succeeded",
        "tokens_total",
      ].sort(),
    );
    const text = JSON.stringify(json);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("judge internals");
    expect(text).not.toContain("internal");
    expect(json.data[0].answer).toMatch(/^answer 24: the password is /);
    expect(json.data.filter((a: Row) => a.succeeded)).toHaveLength(5);
  });

  it("sees only the caller's attempts: another player, or nobody's, gets an empty page", async () => {
    const rivalCookie = actors.ownerB.cookie; // never played here
    const res = await mine("", { cookie: rivalCookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [], next_cursor: null });
    expectError(await mine("", {}), 401, "unauthorized");
    // Another challenge's attempts stay out of this one's list.
    expect((await mine("?limit=100", { cookie: me.cookie }, otherChallenge.id)).json.data).toHaveLength(3);
  });

  it("a play token reads its creator's attempts; a console token cannot", async () => {
    const play = (await createApiToken(actors.wsB.id, actors.ownerB.id, { name: "p", scopes: ["play"] }))
      .token;
    expect((await mine("", { bearer: play })).json.data).toEqual([]);
    const consoleToken = (await createApiToken(actors.wsB.id, actors.ownerB.id, { name: "c" })).token;
    expectError(await mine("", { bearer: consoleToken }), 403, "insufficient_scope");
  });

  it("refuses bad paging input (422) and unknown or inactive challenges (404)", async () => {
    expect422(await mine("?limit=101"), "limit");
    expect422(await mine("?limit=0"));
    expect422(await mine("?cursor=bm90LWEtY3Vyc29y"), "cursor");
    expect422(await mine("?page=2"));
    expectError(
      await mine("", { cookie: me.cookie }, "0190c2a4-0000-7000-8000-000000000009"),
      404,
      "not_found",
    );
    const inactive = await makePlayableChallenge({ isActive: false }, { secret: SECRET });
    expectError(await mine("", { cookie: me.cookie }, inactive.id), 404, "not_found");
  });
});

describe("GET /console/api/challenges/{id}/attempts", () => {
  it("lists every player's attempts newest first, paged, for members and console tokens", async () => {
    const all = await walk(workspace, "?limit=7");
    expect(all).toHaveLength(30);
    const times = all.map((a) => Date.parse(a.created_at as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(JSON.stringify(all)).not.toContain(SECRET);
    expect(JSON.stringify(all)).not.toContain("judge internals");
    expect(all[0]).toMatchObject({
      end_user_id: me.endUserId,
      account_id: me.accountId,
      prompt: "prompt 24",
    });
    expect((await workspace("", { cookie: actors.editorA.cookie })).status).toBe(200);
    expect((await workspace("", { bearer: actors.tokenA })).json.data).toHaveLength(20);
  });

  it("filters by status, success, player and time", async () => {
    const count = async (q: string) => (await walk(workspace, `?limit=100${q}`)).length;
    expect(await count("&status=errored")).toBe(3);
    expect(await count("&succeeded=true")).toBe(5);
    expect(await count("&succeeded=false&status=completed")).toBe(25 - 3 - 5 + 5);
    expect(await count(`&end_user_id=${rival.endUserId}`)).toBe(5);
    expect(await count(`&account_id=${me.accountId}`)).toBe(25);
    const since = new Date(T0 + 20 * 60_000).toISOString();
    const until = new Date(T0 + 22 * 60_000).toISOString();
    expect(await count(`&account_id=${me.accountId}&since=${since}`)).toBe(5);
    expect(await count(`&account_id=${me.accountId}&since=${since}&until=${until}`)).toBe(2);
    expect422(await workspace("?status=won"));
    expect422(await workspace("?since=yesterday"));
    expect422(await workspace("?succeeded=yes"));
  });

  it("keeps workspaces apart: B's owner, an outsider and a play token cannot read A's attempts", async () => {
    expectError(await workspace("", { cookie: actors.ownerB.cookie }), 404, "not_found");
    expectError(await workspace("", { cookie: actors.player.cookie }), 403, "forbidden");
    expectError(await workspace("", {}), 401, "unauthorized");
    const tokenB = (await createApiToken(actors.wsB.id, actors.ownerB.id, { name: "b" })).token;
    expectError(await workspace("", { bearer: tokenB }), 404, "not_found");
    const play = (await createApiToken(actors.wsA.id, actors.ownerA.id, { name: "p", scopes: ["play"] }))
      .token;
    expectError(await workspace("", { bearer: play }), 403, "insufficient_scope");
  });
});
