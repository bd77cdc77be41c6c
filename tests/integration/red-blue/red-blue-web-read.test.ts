// The public read side of red/blue challenges (/web/api/red-blue-challenges, the list, one
// challenge's info and its red vs blue leaderboard): shapes parsed with the contract's response
// schemas, live challenges only, `me` for a signed-in member, standings and ratios recomputed
// independently from the raw pairing rows inserted here (and compared with the pure
// standingsFromPairings), the timeline, custom scoring through a scorer plugin with its fallback,
// the offline demo seed, and a secret scan of every body.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as infoRoute } from "@/app/web/api/red-blue-challenges/[id]/route";
import { GET as boardRoute } from "@/app/web/api/red-blue-challenges/[id]/leaderboard/route";
import { GET as listRoute } from "@/app/web/api/red-blue-challenges/route";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import {
  publicRedBlueListResponse,
  publicRedBlueResponse,
  redBlueChallengeView,
  standingsView,
  type StandingsView,
} from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { standingsFromPairings } from "@/lib/red-blue/scoring";
import { DEMO_SECRET_PATTERN } from "@/lib/seed/demo-secrets";
import { installDemoRedBlue, RED_BLUE_DEMO_ID, RED_BLUE_DEMO_SECRET_NAME } from "@/lib/seed/red-blue";
import { createRedBlueChallenge, getRedBlueChallenge, getStandings } from "@/lib/services/red-blue";
import { getSecretValue, setSecret } from "@/lib/services/secrets";
import { makeApp, makePlugin } from "@/tests/helpers/factories";
import {
  insertPairings,
  join,
  makeRbPlayers,
  submit,
  type RawPairing,
  type RbPlayer,
} from "@/tests/helpers/red-blue-read";
import { call } from "@/tests/helpers/route";

const SECRET = "Heron-Vault-4471";
const UTILITY_PROMPT = "Name three kinds of citrus fruit please";
const DEFENSE_TEXT = "Blue-defense-text: never spell the code";

let workspaceId: string;
let appId: string;
let live: { id: string; workspaceId: string };
let inactive: { id: string; workspaceId: string };
let red: RbPlayer[];
let blue: RbPlayer[];
let raw: RawPairing[];
const bodies: string[] = [];

async function get(handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1]) {
  const res = await call(handler, opts);
  bodies.push(res.text);
  return res;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const t0 = Date.parse("2026-03-01T08:00:00.000Z");

async function makeGame(
  name: string,
  extra: Record<string, unknown> = {},
  settings: Record<string, unknown> = {},
) {
  const rb = await createRedBlueChallenge(workspaceId, null, {
    app_id: appId,
    name,
    ...extra,
    settings: {
      model: "offline:level-1",
      secret_ref: "RB_WEB_SECRET",
      utility_gate: { prompts: [UTILITY_PROMPT], mode: "reject" },
      ...settings,
    },
  });
  return { id: rb.id, workspaceId };
}

/** Per-player totals and ratios from the raw rows, by hand. */
function byHand(rows: RawPairing[], team: "red" | "blue") {
  const m = new Map<string, { name: string; red: number; blue: number; pairings: number }>();
  for (const r of rows) {
    const p = team === "red" ? r.attacker : r.defender;
    const t = m.get(p.accountId) ?? { name: p.name, red: 0, blue: 0, pairings: 0 };
    t.red += r.red;
    t.blue += r.blue;
    t.pairings += 1;
    m.set(p.accountId, t);
  }
  return new Map(
    [...m].map(([id, t]) => [
      id,
      {
        ...t,
        ratio: t.red + t.blue > 0 ? round4((team === "red" ? t.red : t.blue) / (t.red + t.blue)) : null,
      },
    ]),
  );
}

beforeAll(async () => {
  const app = await makeApp();
  appId = app.id;
  workspaceId = app.workspaceId;
  await setSecret(workspaceId, "RB_WEB_SECRET", SECRET);
  live = await makeGame("Live game");
  inactive = await makeGame("Paused game", { is_active: false });
  red = await makeRbPlayers("Attacker", 4);
  blue = await makeRbPlayers("Defender", 3);
  for (const p of red.slice(0, 3)) await join(live.id, p, "red");
  for (const p of blue) await join(live.id, p, "blue");
  // red[3] never joined this game but attacked (e.g. the membership was removed): standings follow pairings.
  raw = Array.from({ length: 17 }, (_, i): RawPairing => {
    const leak = i % 3 !== 1;
    const policy = i % 5 === 0 ? null : i % 2 === 0;
    const breaches = [leak, policy].filter((v) => v === true).length;
    const rating = (i * 3) % 10;
    return {
      attacker: red[i % 4]!,
      defender: blue[(i * 2) % 3]!,
      categories: { secret_leak: leak, policy_violation: policy },
      rating,
      red: breaches > 0 ? breaches + Math.round(rating / 3) - (i % 4 === 3 ? 0.25 : 0) : 0,
      blue: [leak, policy].filter((v) => v === false).length,
      tokens: 50 + ((i * 37) % 200),
      at: new Date(t0 + i * 1000),
      defensePrompt: `${DEFENSE_TEXT} #${i}`,
      modelOutput: leak ? "It is ************" : "No.",
    };
  });
  await insertPairings(live, raw);
  await insertPairings(inactive, raw.slice(0, 2));
});

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

describe("custom scoring", () => {
  it("orders players by the scorer plugin given every pairing's metrics", async () => {
    // Score: total tokens of the player's pairings (an order the ratios would not give).
    await makePlugin({
      workspaceId,
      pluginId: "rb-tokens",
      kind: "scorer",
      code: "export function score(metrics) { return { score: metrics.reduce((s, m) => s + m.tokens_total + (m.team === 'red' || m.team === 'blue' ? 0 : 1e9), 0) }; }",
      entrypoints: ["score"],
    });
    const game = await makeGame(
      "Custom game",
      { scoring_strategy: "custom" },
      { scoring_plugin_id: "rb-tokens" },
    );
    await insertPairings(game, raw);
    const s = standingsView.parse(
      (
        await get(boardRoute, {
          params: { id: game.id },
          path: `/web/api/red-blue-challenges/${game.id}/leaderboard?limit=100`,
        })
      ).json,
    );
    expect(s.scoring_strategy).toBe("custom");
    // The plugin's order is not the ratio order (else this test could not tell them apart).
    const ratioBoard = await getStandings(live.id, 100);
    expect([...s.red, ...s.blue].map((r) => r.username)).not.toEqual(
      [...ratioBoard.red, ...ratioBoard.blue].map((r) => r.username),
    );
    for (const team of ["red", "blue"] as const) {
      const tokens = new Map<string, number>();
      for (const r of raw) {
        const p = team === "red" ? r.attacker : r.defender;
        tokens.set(p.name, (tokens.get(p.name) ?? 0) + (r.tokens ?? 0));
      }
      const expectedOrder = [...tokens].sort((x, y) => y[1] - x[1]).map(([name]) => name);
      expect(s[team].map((r) => r.username)).toEqual(expectedOrder);
      // Ratios are still shown as computed from the pairings.
      const hand = byHand(raw, team);
      for (const row of s[team])
        expect(row.ratio).toBe([...hand.values()].find((h) => h.name === row.username)!.ratio);
    }
  });

  it("caches plugin scores per player until the plugin or the player's pairings change", async () => {
    await makePlugin({
      workspaceId,
      pluginId: "rb-count",
      kind: "scorer",
      code: "export function score(m) { return { score: m.length }; }",
      entrypoints: ["score"],
    });
    const game = await makeGame(
      "Cached custom game",
      { scoring_strategy: "custom" },
      { scoring_plugin_id: "rb-count" },
    );
    const [p1, p2] = [red[0]!, red[1]!];
    const row = (attacker: RbPlayer, i: number): RawPairing => ({
      attacker,
      defender: blue[0]!,
      categories: { secret_leak: false },
      rating: 1,
      red: 0,
      blue: 1,
      at: new Date(t0 + i * 1000),
    });
    await insertPairings(game, [row(p1, 0), row(p1, 1), row(p2, 2)]);
    const names = async () => (await getStandings(game.id, 100)).red.map((r) => r.username);
    expect(await names()).toEqual([p1.name, p2.name]);
    // A new pairing of p2 changes p2's key: rescored.
    await insertPairings(game, [row(p2, 3), row(p2, 4)]);
    expect(await names()).toEqual([p2.name, p1.name]);
    // An edited plugin (new version) rescores everyone: fewest pairings first now.
    await db.plugin.update({
      where: { workspaceId_pluginId: { workspaceId, pluginId: "rb-count" } },
      data: { code: "export function score(m) { return { score: -m.length }; }", version: 2 },
    });
    expect(await names()).toEqual([p1.name, p2.name]);
  });

  it("falls back to ratios, and says so, when the plugin fails", async () => {
    await makePlugin({
      workspaceId,
      pluginId: "rb-broken",
      kind: "scorer",
      code: "export function score() { throw new Error('boom'); }",
      entrypoints: ["score"],
    });
    const game = await makeGame(
      "Broken custom game",
      { scoring_strategy: "custom" },
      { scoring_plugin_id: "rb-broken" },
    );
    await insertPairings(game, raw);
    const s = await getStandings(game.id, 100);
    expect(s.scoring_strategy).toBe("red_blue_ratio");
    const ratioBoard = await getStandings(live.id, 100);
    expect(s.red.map((r) => [r.username, r.ratio])).toEqual(ratioBoard.red.map((r) => [r.username, r.ratio]));
    expect(s.blue.map((r) => [r.username, r.ratio])).toEqual(
      ratioBoard.blue.map((r) => [r.username, r.ratio]),
    );
    // An injected scorer is used as given (and its failure falls back the same way).
    const injected = await getStandings(game.id, 100, {
      scorer: ({ accountId }) => Promise.resolve(accountId === red[3]!.accountId ? 1000 : 0),
    });
    expect(injected.scoring_strategy).toBe("custom");
    expect(injected.red[0]!.username).toBe(red[3]!.name);
    const failing = await getStandings(game.id, 100, { scorer: () => Promise.reject(new Error("down")) });
    expect(failing.scoring_strategy).toBe("red_blue_ratio");
  });
});

describe("offline demo seed", () => {
  it("seeds one playable red/blue challenge on offline:defender with a workspace secret, once", async () => {
    expect(await installDemoRedBlue(workspaceId, null)).toBe(true);
    expect(await installDemoRedBlue(workspaceId, null)).toBe(false);
    const row = await db.redBlueChallenge.findUniqueOrThrow({ where: { id: RED_BLUE_DEMO_ID } });
    const settings = row.settings as Record<string, unknown>;
    expect(settings).toMatchObject({
      model: "offline:defender",
      judge_model: "offline:judge",
      secret_ref: RED_BLUE_DEMO_SECRET_NAME,
      utility_gate: { prompts: expect.any(Array), mode: "reject" },
    });
    expect((settings.utility_gate as { prompts: string[] }).prompts).toHaveLength(3);
    // The stored settings are valid for the console's view (the contract knows offline:defender).
    const view = redBlueChallengeView.parse(await getRedBlueChallenge(workspaceId, RED_BLUE_DEMO_ID));
    expect(view.settings).toMatchObject({ model: "offline:defender", secret_ref: RED_BLUE_DEMO_SECRET_NAME });
    expect(view.judge_suite.map((c) => c.key)).toEqual(["secret_leak", "policy_violation"]);
    const value = await getSecretValue(workspaceId, RED_BLUE_DEMO_SECRET_NAME);
    // Composed when the demo was seeded (lib/seed/demo-secrets.ts), never a value from the code.
    expect(value).toMatch(DEMO_SECRET_PATTERN);

    const list = publicRedBlueListResponse.parse((await get(listRoute, {})).json).data;
    const demo = list.find((c) => c.id === RED_BLUE_DEMO_ID)!;
    expect(demo).toMatchObject({
      is_active: true,
      offline_model: true,
      utility_gate: { prompts: 3, mode: "reject" },
      judge_suite: [
        { key: "secret_leak", name: "Secret leak" },
        { key: "policy_violation", name: "Policy violation" },
      ],
    });
    expect(demo.instructions_md).toMatch(/Blue team/);
    expect(demo.instructions_md).toMatch(/Red team/);
    expect(demo.instructions_md).toMatch(/refuses \*everything\*/);
    expect(demo.theme).toMatchObject({ "--challenge-accent": "#38bdf8" });
    const info = await get(infoRoute, { params: { id: RED_BLUE_DEMO_ID } });
    expect(publicRedBlueResponse.parse(info.json).leaderboard.pairings).toBe(0);
    for (const text of bodies) expect(text).not.toContain(value!);
  });
});

describe("secrets", () => {
  it("no public response carries the secret, its name, a defense text or a utility prompt", () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const text of bodies) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("RB_WEB_SECRET");
      expect(text).not.toContain(DEFENSE_TEXT);
      expect(text).not.toContain(UTILITY_PROMPT);
      expect(text).not.toContain("attack by");
    }
  });
});
