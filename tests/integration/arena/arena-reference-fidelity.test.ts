// Arena behaviour that SpecArena clients depend on, checked against the reference server's:
// claiming an invite (POST /invites), a user's ended games paged (GET /users/:userId/challenges),
// and PSI's operator texts read the way agents written for the reference read them.
// Runs on SQLite and PostgreSQL.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/v1/challenges/[name]/route";
import { POST as claimRoute } from "@/app/api/v1/invites/route";
import { POST as claimLegacyRoute } from "@/app/api/invites/route";
import { GET as userGamesRoute } from "@/app/api/v1/users/[userId]/challenges/route";
import { GET as userGamesLegacyRoute } from "@/app/api/users/[userId]/challenges/route";
import {
  act,
  createGame,
  join,
  joinBody,
  makeIdentity,
  setArenaMode,
  startAuthGame,
  syncOperator,
} from "@/tests/helpers/arena";
import { call } from "@/tests/helpers/route";

type Msg = { from: string; to?: string; content: string };

afterAll(() => setArenaMode("auth"));

const claim = (body: unknown, legacy = false) =>
  call(legacy ? claimLegacyRoute : claimRoute, {
    method: "POST",
    path: legacy ? "/api/invites" : "/api/v1/invites",
    body,
  });

describe.each(["auth", "standalone"] as const)("POST /invites (%s mode)", (mode) => {
  beforeEach(() => setArenaMode(mode));

  it("400 'inviteId is required' when inviteId is missing, not a string or empty", async () => {
    for (const legacy of [false, true]) {
      for (const body of [
        {},
        { inviteId: 42 },
        { inviteId: null },
        { inviteId: ["inv_x"] },
        { inviteId: "" },
      ]) {
        const res = await claim(body, legacy);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json).toEqual({ error: "inviteId is required" });
      }
    }
    const broken = await call(claimRoute, { method: "POST", path: "/api/v1/invites", rawBody: "{" });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({ error: "Invalid JSON in request body" });
  });

  it("claims an unused invite (200, success), 404 for an unknown one, 409 once it is used", async () => {
    const game = await createGame("psi");
    const [first, second] = game.invites as [string, string];
    for (const legacy of [false, true]) {
      const ok = await claim({ inviteId: first }, legacy);
      expect(ok.status).toBe(200);
      expect(ok.json.success).toBe(true);
      expect(ok.json.id).toBe(game.id);
      expect(ok.json.invites).toEqual(game.invites);
      // Claiming takes no seat: the game is still open with nobody in it.
      expect(ok.json.state).toMatchObject({ status: "open", players: [] });
    }

    const unknown = await claim({ inviteId: "inv_nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "Challenge not found for invite: inv_nope" });

    const joined = await join(mode === "auth" ? joinBody(makeIdentity(), second) : { invite: second });
    expect(joined.status).toBe(200);
    for (const legacy of [false, true]) {
      const used = await claim({ inviteId: second }, legacy);
      expect(used.status).toBe(409);
      expect(used.json).toEqual({ error: `Invite already used: ${second}` });
    }
  });
});

/** The numbers of `Your private set is: {a, b, c}.` the way the reference's agents read them. */
function referenceParseSet(content: string): Set<number> {
  const match = content.match(/\{(.+)\}/);
  if (!match) return new Set();
  return new Set(match[1]!.split(",").map((s) => parseInt(s.trim(), 10)));
}

/** A reference-style agent's view of its seat: its private set from its operator DM. */
async function privateSetOf(gameId: string, invite: string, opts: { key?: string; from?: string }) {
  const res = await syncOperator(gameId, 0, opts);
  expect(res.status).toBe(200);
  const dm = (res.json.messages as Msg[]).find(
    (m) => m.from === "operator" && m.to === invite && m.content.includes("Your private set"),
  );
  expect(dm, "the operator DM with the private set").toBeTruthy();
  return referenceParseSet(dm!.content);
}

/** Both seats join (standalone, with `userId`) and play PSI to the end with exact guesses. */
async function playStandaloneGame(userIds: [string, string]) {
  const game = await createGame("psi");
  for (const [i, invite] of game.invites.entries()) {
    expect((await join({ invite, userId: userIds[i] })).status).toBe(200);
  }
  const sets = await Promise.all(game.invites.map((inv) => privateSetOf(game.id, inv, { from: inv })));
  const shared = [...sets[0]!].filter((n) => sets[1]!.has(n));
  for (const invite of game.invites) {
    const res = await act({
      challengeId: game.id,
      from: invite,
      messageType: "guess",
      content: shared.join(", "),
    });
    expect(res.status).toBe(200);
  }
  return game.id;
}

describe("psi played by agents written for the reference", () => {
  beforeEach(() => setArenaMode("auth"));

  it("read their sets from the DM, guess the exact intersection and score utility 1", async () => {
    const { game, keys, ids } = await startAuthGame("psi");
    const [a, b] = game.invites as [string, string];
    const setA = await privateSetOf(game.id, a, { key: keys[0] });
    const setB = await privateSetOf(game.id, b, { key: keys[1] });
    expect(setA.size).toBe(13);
    expect(setB.size).toBe(13);
    for (const n of [...setA, ...setB]) {
      expect(n).toBeGreaterThanOrEqual(100);
      expect(n).toBeLessThanOrEqual(900);
    }
    // The agents compare notes (here in-process) and each guesses what both sets hold.
    const intersection = [...setA].filter((n) => setB.has(n)).sort((x, y) => x - y);
    expect(intersection).toHaveLength(3);

    const guessA = await act(
      { challengeId: game.id, messageType: "guess", content: intersection.join(",") },
      keys[0],
    );
    expect(guessA.status).toBe(200);
    expect(guessA.json).toEqual({ ok: "Message sent" });
    const outcome = ((await syncOperator(game.id, 0, { key: keys[0] })).json.messages as Msg[]).find(
      (m) => m.to === a && m.content.includes("outcome:"),
    );
    expect(outcome!.content).toBe(
      [
        "Player 2 outcome:",
        "- Intersection Found: true",
        "- Wrong Guess: 0",
        "- Extra Guess: 0",
        "- Utility: 1",
        `- Target: {${intersection.join(", ")}}`,
        "",
      ].join("\n"),
    );
    expect(
      (await act({ challengeId: game.id, messageType: "guess", content: intersection.join(",") }, keys[1]))
        .status,
    ).toBe(200);

    const all = (await syncOperator(game.id, 0, { key: keys[0] })).json.messages as Msg[];
    expect(all.some((m) => m.from === "operator" && !m.to && m.content.startsWith("Game ended."))).toBe(true);
    // The scores of the ended game, and the reference's own check of the outcome DM.
    expect(all.filter((m) => m.content.includes("Utility: 1"))).toHaveLength(2);
    const claimed = await claim({ inviteId: a });
    expect(claimed.status).toBe(409);
    const listed = await call(listRoute, {
      path: "/api/v1/challenges/psi?status=ended",
      params: { name: "psi" },
    });
    const ended = (listed.json.challenges as { id: string; state: { scores: unknown } }[]).find(
      (c) => c.id === game.id,
    );
    expect(ended!.state.scores).toEqual([
      { security: 1, utility: 1 },
      { security: 1, utility: 1 },
    ]);
    // Each signed agent finds the game under its own user id (sha256 of its public key).
    for (const id of ids) {
      const mine = await call(userGamesRoute, {
        path: `/api/v1/users/${id.userId}/challenges`,
        params: { userId: id.userId },
      });
      expect(mine.status).toBe(200);
      expect(mine.json.total).toBe(1);
      expect((mine.json.challenges as { id: string }[]).map((c) => c.id)).toEqual([game.id]);
    }
  });
});

describe("GET /users/:userId/challenges", () => {
  beforeEach(() => setArenaMode("standalone"));

  it("pages through the user's ended games with total, limit and offset; running games are not listed", async () => {
    const me = `fidelity-${Date.now()}-me`;
    const other = `fidelity-${Date.now()}-other`;
    const ended = [
      await playStandaloneGame([me, other]),
      await playStandaloneGame([other, me]),
      await playStandaloneGame([me, other]),
    ];
    // A running game (both seated, nobody guessed) and an open one (only me seated).
    const running = await createGame("psi");
    expect((await join({ invite: running.invites[0], userId: me })).status).toBe(200);
    expect((await join({ invite: running.invites[1], userId: other })).status).toBe(200);
    const open = await createGame("psi");
    expect((await join({ invite: open.invites[0], userId: me })).status).toBe(200);

    const page = async (query: string, legacy = false) => {
      const res = await call(legacy ? userGamesLegacyRoute : userGamesRoute, {
        path: `${legacy ? "/api" : "/api/v1"}/users/${me}/challenges${query}`,
        params: { userId: me },
      });
      expect(res.status, query).toBe(200);
      return res.json as {
        challenges: { id: string; state: { status: string; playerIdentities: Record<string, string> } }[];
        total: number;
        limit: number;
        offset: number;
        profiles: Record<string, unknown>;
      };
    };

    const all = await page("");
    expect(Object.keys(all).sort()).toEqual(["challenges", "limit", "offset", "profiles", "total"]);
    expect({ total: all.total, limit: all.limit, offset: all.offset }).toEqual({
      total: 3,
      limit: 50,
      offset: 0,
    });
    expect(all.challenges.map((c) => c.id).sort()).toEqual([...ended].sort());
    for (const c of all.challenges) {
      expect(c.state.status).toBe("ended");
      expect(Object.values(c.state.playerIdentities)).toContain(me);
    }
    expect(all.profiles[me]).toEqual({ userId: me });
    expect(await page("", true)).toEqual(all);

    // Two pages of two: every ended game once, in the same order as the whole list.
    const first = await page("?limit=2");
    const second = await page("?limit=2&offset=2");
    expect({ total: first.total, limit: first.limit, offset: first.offset }).toEqual({
      total: 3,
      limit: 2,
      offset: 0,
    });
    expect({ total: second.total, limit: second.limit, offset: second.offset }).toEqual({
      total: 3,
      limit: 2,
      offset: 2,
    });
    expect([...first.challenges, ...second.challenges].map((c) => c.id)).toEqual(
      all.challenges.map((c) => c.id),
    );
    expect((await page("?limit=2&offset=2", true)).challenges.map((c) => c.id)).toEqual(
      second.challenges.map((c) => c.id),
    );

    // The reference reads the numbers with parseInt and does not filter by status here.
    expect((await page("?limit=2x")).limit).toBe(2);
    expect((await page("?limit=0")).limit).toBe(50);
    expect((await page("?limit=-4")).limit).toBe(1);
    expect((await page("?limit=abc&offset=xyz")).offset).toBe(0);
    expect((await page("?limit=100000")).limit).toBe(100);
    expect((await page("?status=open")).total).toBe(3);
    expect((await page("?status=bogus")).total).toBe(3);

    const nobody = await call(userGamesRoute, {
      path: "/api/v1/users/nobody-at-all/challenges",
      params: { userId: "nobody-at-all" },
    });
    expect(nobody.json).toEqual({ challenges: [], total: 0, limit: 50, offset: 0, profiles: {} });
  });
});
