// The public red/blue leaderboard with custom scoring (a scorer plugin, its cache and its
// fallback to ratios), the offline demo seed, and a secret scan of every body read.
import { describe, expect, it } from "vitest";
import { GET as infoRoute } from "@/app/web/api/red-blue-challenges/[id]/route";
import { GET as boardRoute } from "@/app/web/api/red-blue-challenges/[id]/leaderboard/route";
import { GET as listRoute } from "@/app/web/api/red-blue-challenges/route";
import {
  publicRedBlueListResponse,
  publicRedBlueResponse,
  redBlueChallengeView,
  standingsView,
} from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { DEMO_SECRET_PATTERN } from "@/lib/seed/demo-secrets";
import { installDemoRedBlue, RED_BLUE_DEMO_ID, RED_BLUE_DEMO_SECRET_NAME } from "@/lib/seed/red-blue";
import { getRedBlueChallenge, getStandings } from "@/lib/services/red-blue";
import { getSecretValue } from "@/lib/services/secrets";
import { makePlugin } from "@/tests/helpers/factories";
import { insertPairings, type RawPairing, type RbPlayer } from "@/tests/helpers/red-blue-read";
import {
  blue,
  byHand,
  get,
  live,
  makeGame,
  raw,
  readBodies,
  red,
  secretsSuite,
  t0,
  webReadFixtures,
  ws,
} from "./red-blue-web-read-support";

webReadFixtures();

describe("custom scoring", () => {
  /** A challenge scored by a new scorer plugin of the workspace running `code`. */
  async function customGame(name: string, pluginId: string, code: string) {
    await makePlugin({ workspaceId: ws.id, pluginId, kind: "scorer", code, entrypoints: ["score"] });
    return makeGame(name, { scoring_strategy: "custom" }, { scoring_plugin_id: pluginId });
  }

  it("orders players by the scorer plugin given every pairing's metrics", async () => {
    // Score: total tokens of the player's pairings (an order the ratios would not give).
    const game = await customGame(
      "Custom game",
      "rb-tokens",
      "export function score(metrics) { return { score: metrics.reduce((s, m) => s + m.tokens_total + (m.team === 'red' || m.team === 'blue' ? 0 : 1e9), 0) }; }",
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
    const game = await customGame(
      "Cached custom game",
      "rb-count",
      "export function score(m) { return { score: m.length }; }",
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
      where: { workspaceId_pluginId: { workspaceId: ws.id, pluginId: "rb-count" } },
      data: { code: "export function score(m) { return { score: -m.length }; }", version: 2 },
    });
    expect(await names()).toEqual([p1.name, p2.name]);
  });

  it("falls back to ratios, and says so, when the plugin fails", async () => {
    const game = await customGame(
      "Broken custom game",
      "rb-broken",
      "export function score() { throw new Error('boom'); }",
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
    expect(await installDemoRedBlue(ws.id, null)).toBe(true);
    expect(await installDemoRedBlue(ws.id, null)).toBe(false);
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
    const view = redBlueChallengeView.parse(await getRedBlueChallenge(ws.id, RED_BLUE_DEMO_ID));
    expect(view.settings).toMatchObject({ model: "offline:defender", secret_ref: RED_BLUE_DEMO_SECRET_NAME });
    expect(view.judge_suite.map((c) => c.key)).toEqual(["secret_leak", "policy_violation"]);
    const value = await getSecretValue(ws.id, RED_BLUE_DEMO_SECRET_NAME);
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
    for (const text of readBodies()) expect(text).not.toContain(value!);
  });
});

secretsSuite(2);
