// Red/blue judge suites on the shared judge panel: every category judged by the settings' samples
// and models, all calls in parallel; a contested category counts for neither side and players
// read it as contested. The judges are a workspace provider on the local OpenAI-compatible server,
// answering scripted verdicts; the console API accepts the panel settings and refuses bad ones.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/console/api/red-blue-challenges/route";
import { PATCH as patchRoute } from "@/app/console/api/red-blue-challenges/[id]/route";
import { encryptSecret } from "@/lib/crypto";
import type { RedBlueSettingsPatch, SubmitResponse } from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { CONTESTED_FEEDBACK } from "@/lib/red-blue/pairing";
import { expect422 } from "@/tests/helpers/console";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { asA, base, challengeResponse, consoleFixtures } from "./red-blue-console-support";
import { blueAndRed, challenge, defense, LEAK, myPairings, NO_GATE, send } from "./red-blue-rounds-support";

let server: OpenAITestServer;
/** The verdicts the judges give, one per judge request in arrival order (ratings 0–10). */
let ratings: number[] = [];

beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  ratings = [];
  server.setReply((ctx) => {
    const rating = ratings.shift() ?? 0;
    return JSON.stringify({ passed: rating >= 7, rating, feedback: `Rated ${rating} by ${ctx.model}.` });
  });
});
consoleFixtures();

const JUDGE_A = "provider:local/judge-a";
const JUDGE_B = "provider:local/judge-b";

/** A challenge whose judges are the test server (the defender stays offline). */
async function game(settings: RedBlueSettingsPatch, suite?: unknown) {
  const c = await challenge({ ...NO_GATE, judge_model: JUDGE_A, ...settings }, suite ? { suite } : {});
  await db.llmProvider.create({
    data: {
      workspaceId: c.workspaceId,
      name: "local",
      kind: "openai-compatible",
      baseUrl: server.url,
      apiKeyEncrypted: encryptSecret("sk-judges"),
      models: [],
    },
  });
  return c;
}

/** A blue defense waiting, then a red attack: the pairing as red reads it. */
async function round(id: string) {
  const { blue, red } = await blueAndRed(id);
  expect((await send(id, blue, "blue", defense())).status).toBe(201);
  const res = await send(id, red, "red", LEAK);
  expect(res.status, res.text).toBe(201);
  return { red, blue, pairing: (res.json as SubmitResponse).pairing! };
}

/** The model of every request the server got (only judges call it: the defender is offline). */
const modelsAsked = () => server.requests.map((r) => (r.body as { model: string }).model);

describe("red/blue judge suite consensus", () => {
  it("defaults: one call of the judge model, the single judge's verdict (settings stored before the panel)", async () => {
    const c = await game({});
    // A challenge stored without any panel setting plays exactly as before.
    const stored = (await db.redBlueChallenge.findUniqueOrThrow({ where: { id: c.id } })).settings as Record<
      string,
      unknown
    >;
    const { judge_samples, judge_models, judge_aggregation, min_agreement, ...old } = stored;
    expect([judge_samples, judge_models, judge_aggregation, min_agreement]).toEqual([1, [], "median", 0]);
    await db.redBlueChallenge.update({
      where: { id: c.id },
      data: { settings: JSON.parse(JSON.stringify(old)) },
    });

    ratings = [9];
    const { pairing } = await round(c.id);
    expect(modelsAsked()).toEqual(["judge-a"]);
    expect(pairing).toMatchObject({
      categories: { secret_leak: true },
      contested: [],
      judge_rating: 9,
      // 1 breach + round(9 / 3) severity bonus.
      red_points: 4,
      blue_points: 0,
      judge_feedback: "Secret leak: breached (9/10) — Rated 9 by judge-a.",
    });
  });

  it("3 samples, majority: 2 of 3 finding a breach is a breach", async () => {
    const c = await game({ judge_samples: 3, judge_aggregation: "majority" });
    ratings = [8, 2, 9];
    const { pairing } = await round(c.id);
    expect(modelsAsked()).toEqual(["judge-a", "judge-a", "judge-a"]);
    expect(pairing.categories).toEqual({ secret_leak: true });
    expect(pairing.contested).toEqual([]);
    expect(pairing.red_points).toBeGreaterThanOrEqual(1);
    expect(pairing.blue_points).toBe(0);
  });

  it("3 samples, majority: 1 of 3 is prevented", async () => {
    const c = await game({ judge_samples: 3, judge_aggregation: "majority" });
    ratings = [8, 2, 1];
    const { pairing } = await round(c.id);
    expect(pairing).toMatchObject({ categories: { secret_leak: false }, red_points: 0, blue_points: 1 });
  });

  it("min_agreement 1 with a split: contested, a point for neither side, shown as contested", async () => {
    const c = await game({ judge_samples: 3, judge_aggregation: "majority", min_agreement: 1 });
    ratings = [8, 9, 2];
    const { red, blue, pairing } = await round(c.id);
    expect(pairing).toMatchObject({
      categories: { secret_leak: null },
      contested: ["secret_leak"],
      judge_rating: null,
      red_points: 0,
      blue_points: 0,
    });
    expect(pairing.judge_feedback).toBe(`Secret leak: contested — ${CONTESTED_FEEDBACK}`);
    // Both players' pairing lists and the creator's console say so too.
    for (const [p, team] of [
      [red, "red"],
      [blue, "blue"],
    ] as const) {
      const mine = await myPairings(c.id, p, team);
      expect(mine.status).toBe(200);
      expect(mine.json.data[0]).toMatchObject({
        categories: { secret_leak: null },
        contested: ["secret_leak"],
      });
    }
    const row = await db.teamPairing.findUniqueOrThrow({ where: { id: pairing.id } });
    expect(row).toMatchObject({ redPoints: 0, bluePoints: 0, judgeRating: null });
    expect(row.categories).toEqual({ secret_leak: null });
    // Nothing scored, so the pairing event names no verdict.
    const event = await db.notificationEvent.findFirstOrThrow({
      where: { workspaceId: c.workspaceId, event: "team_pairing_completed" },
    });
    expect((event.payload as { categories: unknown }).categories).toEqual({});
  });

  it("agreeing judges under min_agreement 1 are not contested", async () => {
    const c = await game({ judge_samples: 3, min_agreement: 1 });
    ratings = [2, 1, 3];
    const { pairing } = await round(c.id);
    expect(pairing).toMatchObject({ categories: { secret_leak: false }, contested: [], blue_points: 1 });
  });

  it("every judge call of every category runs at once (8 requests in flight together)", async () => {
    const c = await game({ judge_samples: 2, judge_models: [JUDGE_B] }, ["secret_leak", "policy_violation"]);
    ratings = [1, 1, 1, 1, 1, 1, 1, 1];
    // The server answers nothing until 8 requests are open: judges run one after another would
    // never be answered.
    server.holdUntil(8);
    const { pairing } = await round(c.id);
    expect(server.maxInFlight).toBe(8);
    expect(modelsAsked().sort()).toEqual([...Array(4).fill("judge-a"), ...Array(4).fill("judge-b")]);
    expect(pairing.categories).toEqual({ secret_leak: false, policy_violation: false });
  });
});

describe("red/blue judge panel settings (console API)", () => {
  it.each([
    ["0 samples", { judge_samples: 0 }, "judge_samples must be a whole number from 1 to"],
    ["too many samples", { judge_samples: 50 }, "settings.judge_samples"],
    ["fractional samples", { judge_samples: 1.5 }, "settings.judge_samples"],
    ["an unknown aggregation", { judge_aggregation: "mode" }, "judge_aggregation must be"],
    ["min_agreement over 1", { min_agreement: 1.5 }, "min_agreement must be a number from 0 to 1"],
    ["min_agreement as text", { min_agreement: "all" }, "settings.min_agreement"],
    ["judge_models not a list", { judge_models: "offline:judge" }, "judge_models must be a list"],
    ["an unknown judge model", { judge_models: ["offline:level-99"] }, "level-99"],
    ["too many judge models", { judge_models: Array(6).fill("offline:judge") }, "at most 5"],
    [
      "more than 60 judge calls a pairing (2 categories × 9 samples × 4 models)",
      { judge_samples: 9, judge_models: ["offline:level-1", "offline:level-2", "offline:defender"] },
      "72 judge calls per pairing",
    ],
  ])("refuses %s (422) and writes nothing", async (_name, panel, part) => {
    const before = await db.redBlueChallenge.count();
    const res = await asA(createRoute, { body: { ...base(), settings: { ...base().settings, ...panel } } });
    expect422(res, part);
    expect(await db.redBlueChallenge.count()).toBe(before);
  });

  it("creates with the defaults, then patches the panel (shown in the challenge and kept)", async () => {
    const created = await asA(createRoute, { body: base() });
    expect(created.status, created.text).toBe(201);
    const rb = challengeResponse.parse(created.json).red_blue_challenge;
    expect(rb.settings).toMatchObject({
      judge_samples: 1,
      judge_models: [],
      judge_aggregation: "median",
      min_agreement: 0,
    });
    const patch = {
      judge_samples: 5,
      judge_models: ["offline:level-1"],
      judge_aggregation: "unanimous",
      min_agreement: 0.8,
    };
    const res = await asA(patchRoute, { method: "PATCH", params: { id: rb.id }, body: { settings: patch } });
    expect(res.status, res.text).toBe(200);
    expect(challengeResponse.parse(res.json).red_blue_challenge.settings).toMatchObject({
      ...patch,
      model: "offline:level-1",
    });
    // The cap counts the suite too: 12 categories × 5 samples × 2 models is over it.
    const wide = await asA(patchRoute, {
      method: "PATCH",
      params: { id: rb.id },
      body: {
        judge_suite: [
          "secret_leak",
          "policy_violation",
          "CBRNE",
          "SA",
          "SH",
          "RWH",
          "V",
          "M",
          "harmful_instructions",
          "a1",
          "a2",
          "a3",
        ].map((key) => (key.startsWith("a") ? { key, rubric: "Anything." } : key)),
      },
    });
    expect422(wide, "120 judge calls per pairing");
    const bad = await asA(patchRoute, {
      method: "PATCH",
      params: { id: rb.id },
      body: { settings: { min_agreement: -0.1 } },
    });
    expect422(bad, "min_agreement");
    const stored = await db.redBlueChallenge.findUniqueOrThrow({ where: { id: rb.id } });
    expect(stored.settings).toMatchObject(patch);
  });
});
