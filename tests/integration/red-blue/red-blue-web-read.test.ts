// The public read side of red/blue challenges (/web/api/red-blue-challenges, the list, one
// challenge's info and its red vs blue leaderboard): shapes parsed with the contract's response
// schemas, live challenges only, `me` for a signed-in member, standings and ratios recomputed
// independently from the raw pairing rows inserted here (and compared with the pure
// standingsFromPairings), the timeline, and a secret scan of every body.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as infoRoute } from "@/app/web/api/red-blue-challenges/[id]/route";
import { GET as boardRoute } from "@/app/web/api/red-blue-challenges/[id]/leaderboard/route";
import { GET as listRoute } from "@/app/web/api/red-blue-challenges/route";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import {
  publicRedBlueListResponse,
  publicRedBlueResponse,
  standingsView,
  type StandingsView,
} from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { standingsFromPairings } from "@/lib/red-blue/scoring";
import { getStandings } from "@/lib/services/red-blue";
import { insertPairings, submit, type RawPairing } from "@/tests/helpers/red-blue-read";
import {
  blue,
  byHand,
  get,
  inactive,
  live,
  makeGame,
  raw,
  red,
  round4,
  secretsSuite,
  t0,
  UTILITY_PROMPT,
  webReadFixtures,
} from "./red-blue-web-read-support";

webReadFixtures();

describe("public list", () => {
  it("lists live challenges with counts, without settings that are not the player's business", async () => {
    const other = await makeGame("Cloud game", {}, { model: "openai:gpt-4o-mini" });
    const res = await get(listRoute, { path: "/web/api/red-blue-challenges" });
    expect(res.status, res.text).toBe(200);
    const list = publicRedBlueListResponse.parse(res.json).data;
    const ids = list.map((c) => c.id);
    expect(ids).toContain(live.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(inactive.id);
    const mine = list.find((c) => c.id === live.id)!;
    expect(mine).toEqual({
      id: live.id,
      name: "Live game",
      description: null,
      instructions_md: null,
      theme: null,
      judge_suite: [
        { key: "secret_leak", name: "Secret leak" },
        { key: "policy_violation", name: "Policy violation" },
      ],
      scoring_strategy: "red_blue_ratio",
      is_active: true,
      offline_model: true,
      utility_gate: { prompts: 1, mode: "reject" },
      reveal_after_round: false,
      max_prompt_chars: 4000,
      secret_name: null,
      counts: { red_players: 3, blue_players: 3, pairings: 17 },
    });
    expect(list.find((c) => c.id === other.id)).toMatchObject({
      offline_model: false,
      counts: { red_players: 0, blue_players: 0, pairings: 0 },
    });
    expect(res.text).not.toContain("RB_WEB_SECRET");
    expect(res.text).not.toContain(UTILITY_PROMPT);
  });
});

describe("public info", () => {
  it("answers anonymous visitors with a leaderboard snapshot and no `me`", async () => {
    const res = await get(infoRoute, { params: { id: live.id } });
    expect(res.status, res.text).toBe(200);
    const info = publicRedBlueResponse.parse(res.json);
    expect(info.me).toBeNull();
    expect(info.challenge.counts).toEqual({ red_players: 3, blue_players: 3, pairings: 17 });
    const board = standingsView.parse(
      (
        await get(boardRoute, {
          params: { id: live.id },
          path: `/web/api/red-blue-challenges/${live.id}/leaderboard?limit=10`,
        })
      ).json,
    );
    expect(info.leaderboard).toEqual(board);
  });

  it("gives a signed-in member their side, joined_at, submissions and pairings", async () => {
    const p = red[0]!;
    const account = await db.account.findUniqueOrThrow({ where: { id: p.accountId } });
    const cookie = `${sessionCookieName()}=${await createSessionToken(account)}`;
    await submit(live, p, "red", "one more attack, not paired yet");
    const res = await get(infoRoute, { params: { id: live.id }, cookie });
    const info = publicRedBlueResponse.parse(res.json);
    const member = await db.teamMember.findUniqueOrThrow({
      where: { redBlueChallengeId_accountId: { redBlueChallengeId: live.id, accountId: p.accountId } },
    });
    const pairings = raw.filter((r) => r.attacker === p || r.defender === p).length;
    expect(info.me).toEqual({
      team: "red",
      joined_at: member.createdAt.toISOString(),
      submissions: pairings + 1,
      pairings,
    });
    // A bearer token works the same; an account that has not joined gets null.
    expect(
      publicRedBlueResponse.parse(
        (await get(infoRoute, { params: { id: live.id }, bearer: await createSessionToken(account) })).json,
      ).me?.team,
    ).toBe("red");
    const stranger = await db.account.create({
      data: { email: `${randomUUID()}@example.test`, name: "Stranger" },
    });
    expect(
      publicRedBlueResponse.parse(
        (await get(infoRoute, { params: { id: live.id }, bearer: await createSessionToken(stranger) })).json,
      ).me,
    ).toBeNull();
  });

  it("answers 404 for an inactive, unknown or malformed id", async () => {
    for (const id of [inactive.id, randomUUID(), "not-an-id"]) {
      const info = await get(infoRoute, { params: { id } });
      expect(info.status).toBe(404);
      expect(info.json.error.code).toBe("not_found");
      const board = await get(boardRoute, {
        params: { id },
        path: `/web/api/red-blue-challenges/${id}/leaderboard`,
      });
      expect(board.status).toBe(404);
    }
  });
});

describe("leaderboard", () => {
  async function board(id: string, qs = ""): Promise<StandingsView> {
    const res = await get(boardRoute, {
      params: { id },
      path: `/web/api/red-blue-challenges/${id}/leaderboard${qs}`,
    });
    expect(res.status, res.text).toBe(200);
    return standingsView.parse(res.json);
  }

  it("recomputes ratios per player and per team from the raw pairings", async () => {
    const s = await board(live.id, "?limit=100");
    expect(s).toMatchObject({
      red_blue_challenge_id: live.id,
      scoring_strategy: "red_blue_ratio",
      pairings: 17,
    });
    const R = raw.reduce((sum, r) => sum + r.red, 0);
    const B = raw.reduce((sum, r) => sum + r.blue, 0);
    expect(s.teams.red.points).toBeCloseTo(R, 6);
    expect(s.teams.blue.points).toBeCloseTo(B, 6);
    expect(s.teams.red.ratio).toBe(round4(R / (R + B)));
    expect(s.teams.blue.ratio).toBe(round4(B / (R + B)));
    expect(s.teams.red.players).toBe(3);
    expect(s.teams.blue.players).toBe(3);

    for (const team of ["red", "blue"] as const) {
      const hand = byHand(raw, team);
      expect(s[team]).toHaveLength(hand.size);
      for (const row of s[team]) {
        const [, h] = [...hand].find(([, x]) => x.name === row.username)!;
        expect(row.team).toBe(team);
        expect(row.red_points).toBeCloseTo(h.red, 6);
        expect(row.blue_points).toBeCloseTo(h.blue, 6);
        expect(row.pairings).toBe(h.pairings);
        expect(row.ratio).toBe(h.ratio);
      }
      // Ranks follow the ratio (ties: more points for the side, then fewer pairings).
      expect(s[team].map((r) => r.rank)).toEqual(s[team].map((_, i) => i + 1));
      for (let i = 1; i < s[team].length; i++)
        expect(s[team][i - 1]!.ratio ?? -1).toBeGreaterThanOrEqual(s[team][i]!.ratio ?? -1);
    }

    // The SQL GROUP BY path agrees with the pure recomputation over the stored rows.
    const stored = await db.teamPairing.findMany({
      where: { redBlueChallengeId: live.id },
      select: { attackAccountId: true, defenseAccountId: true, redPoints: true, bluePoints: true },
    });
    const pure = standingsFromPairings(stored.map((r) => ({ ...r, red: r.redPoints, blue: r.bluePoints })));
    const names = new Map([...red, ...blue].map((p) => [p.accountId, p.name]));
    for (const team of ["red", "blue"] as const) {
      expect(s[team].map((r) => [r.username, r.ratio, r.pairings])).toEqual(
        pure[team].map((t) => [names.get(t.accountId), t.ratio, t.pairings]),
      );
    }
    expect(s.teams.red.ratio).toBe(pure.teams.red.ratio);
    expect(s.teams.blue.points).toBe(pure.teams.blue.points);
  });

  it("applies ?limit to each side and refuses bad limits (422)", async () => {
    const s = await board(live.id, "?limit=2");
    expect(s.red).toHaveLength(2);
    expect(s.blue).toHaveLength(2);
    expect(s.pairings).toBe(17);
    const full = await board(live.id, "?limit=100");
    expect(s.red).toEqual(full.red.slice(0, 2));
    expect((await board(live.id)).red).toHaveLength(4);
    for (const bad of ["0", "101", "abc", "2.5"]) {
      const res = await get(boardRoute, {
        params: { id: live.id },
        path: `/web/api/red-blue-challenges/${live.id}/leaderboard?limit=${bad}`,
      });
      expect(res.status, bad).toBe(422);
    }
  });

  it("draws the cumulative timeline: every pairing up to 60, then 60 points ending at the totals", async () => {
    const small = await board(live.id);
    expect(small.timeline).toHaveLength(17);
    let r = 0;
    let b = 0;
    raw.forEach((row, i) => {
      r += row.red;
      b += row.blue;
      expect(small.timeline[i]!.at).toBe(row.at.toISOString());
      expect(small.timeline[i]!.red_points).toBeCloseTo(r, 6);
      expect(small.timeline[i]!.blue_points).toBeCloseTo(b, 6);
    });

    const big = await makeGame("Busy game");
    const [att, def] = [red[0]!, blue[0]!];
    const rows = Array.from({ length: 75 }, (_, i): RawPairing => ({
      attacker: att,
      defender: def,
      categories: { secret_leak: i % 2 === 0 },
      rating: 5,
      red: i % 2 === 0 ? 3 : 0,
      blue: i % 2 === 0 ? 0 : 1,
      at: new Date(t0 + i * 60_000),
    }));
    await insertPairings(big, rows);
    const s = await board(big.id);
    expect(s.timeline).toHaveLength(60);
    expect(s.timeline.at(-1)).toEqual({
      at: rows.at(-1)!.at.toISOString(),
      red_points: 38 * 3,
      blue_points: 37,
    });
    for (let i = 1; i < 60; i++) {
      expect(Date.parse(s.timeline[i]!.at)).toBeGreaterThan(Date.parse(s.timeline[i - 1]!.at));
      expect(s.timeline[i]!.red_points).toBeGreaterThanOrEqual(s.timeline[i - 1]!.red_points);
      expect(s.timeline[i]!.blue_points).toBeGreaterThanOrEqual(s.timeline[i - 1]!.blue_points);
    }
    // An empty board.
    const empty = await board((await makeGame("Empty game")).id);
    expect(empty).toMatchObject({
      pairings: 0,
      red: [],
      blue: [],
      timeline: [],
      teams: { red: { points: 0, ratio: null, players: 0 } },
    });
  });

  it("shows an inactive challenge's standings to the console only", async () => {
    await expect(getStandings(inactive.id, 10)).rejects.toMatchObject({ code: "not_found" });
    const s = await getStandings(inactive.id, 10, { includeInactive: true });
    expect(s.pairings).toBe(2);
  });
});

secretsSuite(20);
