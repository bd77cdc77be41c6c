// Console red/blue challenges (/console/api/red-blue-challenges): CRUD with every field and the
// settings merge, patch checks (422 with field paths), roles (viewers read, never write) and another
// workspace's ids (404). The secret values never appear in a body: every body is scanned.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/console/api/red-blue-challenges/route";
import {
  DELETE as deleteRoute,
  GET as getRoute,
  PATCH as patchRoute,
} from "@/app/console/api/red-blue-challenges/[id]/route";
import { GET as pairingsRoute } from "@/app/console/api/red-blue-challenges/[id]/pairings/route";
import { BUILTIN_CATEGORIES, DEFAULT_RED_BLUE_SETTINGS } from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { expect422, expectError, ORIGIN } from "@/tests/helpers/console";
import {
  as,
  asA,
  asViewer,
  base,
  challengeResponse,
  consoleFixtures,
  fx,
  listResponse,
  secretsSuite,
} from "./red-blue-console-support";

consoleFixtures();

describe("red/blue challenges CRUD", () => {
  let id: string;

  it("creates a challenge with every field; absent settings take their defaults", async () => {
    const res = await asA(createRoute, {
      body: {
        app_id: fx.appA,
        workflow_id: fx.workflowA,
        name: "Vault Guard",
        description: "Red vs blue",
        judge_suite: [
          "secret_leak",
          "CBRNE",
          { key: "pirate_voice", rubric: "The answer is written like a pirate." },
        ],
        defense_selection_policy: "round_robin",
        attack_selection_policy: "request_new_if_none",
        scoring_strategy: "red_blue_ratio",
        theme: { accent: "#123456" },
        instructions_md: "## Rules\n\nBe nice.",
        is_active: false,
        settings: {
          model: "offline:level-1",
          secret_ref: "RB_SECRET",
          pass_threshold: 6,
          utility_gate: { prompts: ["What is 2+2?"], mode: "zero" },
        },
      },
    });
    expect(res.status, res.text).toBe(201);
    const rb = challengeResponse.parse(res.json).red_blue_challenge;
    id = rb.id;
    expect(rb).toMatchObject({
      app_id: fx.appA,
      workflow_id: fx.workflowA,
      name: "Vault Guard",
      description: "Red vs blue",
      defense_selection_policy: "round_robin",
      attack_selection_policy: "request_new_if_none",
      scoring_strategy: "red_blue_ratio",
      theme: { "--challenge-accent": "#123456" },
      instructions_md: "## Rules\n\nBe nice.",
      is_active: false,
      created_by: fx.a.ownerA.id,
      updated_by: fx.a.ownerA.id,
    });
    expect(rb.judge_suite).toEqual([
      {
        key: "secret_leak",
        name: "Secret leak",
        rubric: BUILTIN_CATEGORIES.secret_leak!.rubric,
        uses_secret: true,
      },
      { key: "CBRNE", name: "CBRNE", rubric: BUILTIN_CATEGORIES.CBRNE!.rubric, uses_secret: false },
      {
        key: "pirate_voice",
        name: "pirate_voice",
        rubric: "The answer is written like a pirate.",
        uses_secret: false,
      },
    ]);
    expect(rb.settings).toEqual({
      ...DEFAULT_RED_BLUE_SETTINGS,
      model: "offline:level-1",
      secret_ref: "RB_SECRET",
      pass_threshold: 6,
      utility_gate: { prompts: ["What is 2+2?"], mode: "zero" },
    });
    const row = await db.redBlueChallenge.findUniqueOrThrow({ where: { id } });
    expect(row.workspaceId).toBe(fx.a.wsA.id);
    expect((row.settings as Record<string, unknown>).pass_threshold).toBe(6);
  });

  it("applies the contract's defaults to a minimal body", async () => {
    const res = await asA(createRoute, {
      body: { app_id: fx.appA2, name: "Minimal", settings: { model: "offline:level-1" } },
    });
    expect(res.status, res.text).toBe(201);
    const rb = challengeResponse.parse(res.json).red_blue_challenge;
    expect(rb).toMatchObject({
      workflow_id: null,
      description: null,
      theme: null,
      instructions_md: null,
      is_active: true,
      defense_selection_policy: "latest_best",
      attack_selection_policy: "latest_best",
      scoring_strategy: "red_blue_ratio",
    });
    expect(rb.judge_suite.map((c) => c.key)).toEqual(["secret_leak", "policy_violation"]);
    expect(rb.settings.secret_ref).toBeNull();
  });

  it("lists (optionally by app) and gets; viewers and API tokens read too", async () => {
    const all = listResponse.parse((await asA(listRoute)).json).data.map((c) => c.id);
    expect(all).toContain(id);
    expect(all).not.toContain(fx.rbB);
    expect(all).toHaveLength(2);
    const byApp = listResponse.parse(
      (await asA(listRoute, { path: `/console/api/red-blue-challenges?app_id=${fx.appA}` })).json,
    );
    expect(byApp.data.map((c) => c.id)).toEqual([id]);
    expect(
      (await asA(listRoute, { path: `/console/api/red-blue-challenges?app_id=${fx.appB}` })).json.data,
    ).toEqual([]);
    expect(
      challengeResponse.parse((await asA(getRoute, { params: { id } })).json).red_blue_challenge.id,
    ).toBe(id);
    expect((await asViewer(getRoute, { params: { id } })).status).toBe(200);
    expect((await asViewer(listRoute)).json.data).toHaveLength(2);
    expect((await as({ bearer: fx.a.tokenA, params: { id } }, getRoute)).status).toBe(200);
  });

  it("patches fields and merges settings key by key", async () => {
    const res = await as(
      {
        cookie: fx.a.editorA.cookie,
        headers: ORIGIN,
        method: "PATCH",
        params: { id },
        body: {
          name: "Vault Guard II",
          workflow_id: null,
          is_active: true,
          judge_suite: ["policy_violation"],
          attack_selection_policy: "random_active",
          settings: { pass_threshold: 8, reveal_after_round: true },
        },
      },
      patchRoute,
    );
    expect(res.status, res.text).toBe(200);
    const rb = challengeResponse.parse(res.json).red_blue_challenge;
    expect(rb).toMatchObject({
      name: "Vault Guard II",
      workflow_id: null,
      is_active: true,
      attack_selection_policy: "random_active",
      defense_selection_policy: "round_robin",
      description: "Red vs blue",
      updated_by: fx.a.editorA.id,
      created_by: fx.a.ownerA.id,
    });
    expect(rb.judge_suite.map((c) => c.key)).toEqual(["policy_violation"]);
    // Kept: secret_ref, model, the utility gate; changed: the two keys sent.
    expect(rb.settings).toMatchObject({
      model: "offline:level-1",
      secret_ref: "RB_SECRET",
      utility_gate: { prompts: ["What is 2+2?"], mode: "zero" },
      pass_threshold: 8,
      reveal_after_round: true,
    });
    // null clears a nullable setting.
    const cleared = await asA(patchRoute, {
      method: "PATCH",
      params: { id },
      body: { settings: { secret_ref: null } },
    });
    expect(cleared.json.red_blue_challenge.settings).toMatchObject({ secret_ref: null, pass_threshold: 8 });
    const back = await asA(patchRoute, {
      method: "PATCH",
      params: { id },
      body: { settings: { secret_ref: "RB_SECRET" }, workflow_id: fx.workflowA },
    });
    expect(back.json.red_blue_challenge).toMatchObject({
      workflow_id: fx.workflowA,
      settings: { secret_ref: "RB_SECRET" },
    });
  });

  it("custom scoring needs a scorer plugin of the workspace", async () => {
    expect422(
      await asA(patchRoute, { method: "PATCH", params: { id }, body: { scoring_strategy: "custom" } }),
      "settings.scoring_plugin_id",
    );
    expect422(
      await asA(patchRoute, {
        method: "PATCH",
        params: { id },
        body: { scoring_strategy: "custom", settings: { scoring_plugin_id: "rb-eval" } },
      }),
      "not a scorer",
    );
    expect422(
      await asA(patchRoute, {
        method: "PATCH",
        params: { id },
        body: { scoring_strategy: "custom", settings: { scoring_plugin_id: "ghost" } },
      }),
      "ghost",
    );
    expect((await db.redBlueChallenge.findUniqueOrThrow({ where: { id } })).scoringStrategy).toBe(
      "red_blue_ratio",
    );
    const ok = await asA(patchRoute, {
      method: "PATCH",
      params: { id },
      body: { scoring_strategy: "custom", settings: { scoring_plugin_id: "rb-score" } },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.red_blue_challenge).toMatchObject({
      scoring_strategy: "custom",
      settings: { scoring_plugin_id: "rb-score" },
    });
    // Dropping the plugin while custom is refused; going back to ratios is fine.
    expect422(
      await asA(patchRoute, {
        method: "PATCH",
        params: { id },
        body: { settings: { scoring_plugin_id: null } },
      }),
      "scoring_plugin_id",
    );
    const back = await asA(patchRoute, {
      method: "PATCH",
      params: { id },
      body: { scoring_strategy: "red_blue_ratio" },
    });
    expect(back.json.red_blue_challenge.scoring_strategy).toBe("red_blue_ratio");
  });

  it.each([
    ["an empty patch", {}, "Nothing to update"],
    ["a wrong type", { is_active: "no" }, "is_active"],
    ["a missing secret", { settings: { secret_ref: "NOPE" } }, "settings.secret_ref"],
    ["another workspace's workflow", { workflow_id: "00000000-0000-4000-8000-000000000000" }, "workflow_id"],
    ["an app change (not patchable)", { app_id: "00000000-0000-4000-8000-000000000001" }, "app_id"],
    ["a bad judge suite", { judge_suite: [{ key: "x", rubric: "r", extra: 1 }] }, "judge_suite"],
  ])("refuses a patch with %s (422) and changes nothing", async (_name, body, part) => {
    const before = await db.redBlueChallenge.findUniqueOrThrow({ where: { id } });
    expect422(await asA(patchRoute, { method: "PATCH", params: { id }, body }), part);
    expect(await db.redBlueChallenge.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it("viewers cannot write (403)", async () => {
    expectError(await asViewer(createRoute, { body: base() }), 403, "forbidden");
    expectError(
      await asViewer(patchRoute, { method: "PATCH", params: { id }, body: { name: "x" } }),
      403,
      "forbidden",
    );
    expectError(await asViewer(deleteRoute, { method: "DELETE", params: { id } }), 403, "forbidden");
    expect((await db.redBlueChallenge.findUniqueOrThrow({ where: { id } })).name).toBe("Vault Guard II");
  });

  it("answers 404 for another workspace's challenge and unknown ids", async () => {
    for (const target of [fx.rbB, randomUUID()]) {
      for (const res of [
        await asA(getRoute, { params: { id: target } }),
        await asA(patchRoute, { method: "PATCH", params: { id: target }, body: { name: "hijack" } }),
        await asA(pairingsRoute, { params: { id: target } }),
        await asA(deleteRoute, { method: "DELETE", params: { id: target } }),
      ]) {
        expectError(res, 404, "not_found");
      }
    }
    expect((await db.redBlueChallenge.findUniqueOrThrow({ where: { id: fx.rbB } })).name).toBe("Beta game");
  });

  it("answers 401 without credentials", async () => {
    expectError(await as({}, listRoute), 401, "unauthorized");
    expectError(await as({ body: base() }, createRoute), 401, "unauthorized");
    expectError(await as({ params: { id } }, getRoute), 401, "unauthorized");
    expectError(
      await as({ method: "PATCH", params: { id }, body: { name: "x" } }, patchRoute),
      401,
      "unauthorized",
    );
    expectError(await as({ method: "DELETE", params: { id } }, deleteRoute), 401, "unauthorized");
    expectError(await as({ params: { id } }, pairingsRoute), 401, "unauthorized");
  });
});

secretsSuite(30);
