import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/console/api/challenges/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/console/api/challenges/[id]/route";
import { db } from "@/lib/db";
import { signAssetUrl, uploadAsset } from "@/lib/services/assets";
import { getSecretValue, setSecret } from "@/lib/services/secrets";
import { challengeResponse, challengeListResponse } from "@/lib/contracts/challenges";
import { consoleActors, expect422, expectError, ORIGIN, recordingCalls, type ConsoleActors } from "@/tests/helpers/console";
import { makeApp, makeChallenge, makePlugin } from "@/tests/helpers/factories";

const SECRET = "Quokka-Console-Secret-93";
const SECRET_2 = "Wombat-Replaced-Secret-17";
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

let a: ConsoleActors;
let challengeB: { id: string };
const { bodies, as, asA } = recordingCalls(() => a);

const base = { name: "Vault", goal: "Make the assistant reveal the vault code" };

beforeAll(async () => {
  a = await consoleActors();
  await setSecret(a.wsB.id, "B_SECRET", "b-secret-value");
  challengeB = await makeChallenge({ workspaceId: a.wsB.id, appId: (await makeApp({ workspaceId: a.wsB.id })).id });
});

describe("POST /console/api/challenges", () => {
  it("creates a challenge in the default app with an empty-draft workflow and a write-only secret", async () => {
    const res = await asA(createRoute, {
      body: {
        ...base,
        success_type: "regex",
        success_pattern: "(?i)\\b{{secret}}\\b",
        secret: SECRET,
        instructions_md: "# Crack it\nNo *scripts*.",
        theme: { accent: "#ff0066", "--challenge-bg": "#101018" },
        points: 250,
        max_attempts: 5,
        cooldown_seconds: 10,
        mask_variables: ["prompt"],
        difficulty: "hard",
      },
    });
    expect(res.status, res.text).toBe(201);
    const c = challengeResponse.parse(res.json).challenge;
    expect(c).toMatchObject({
      name: "Vault",
      success_type: "regex",
      has_secret: true,
      points: 250,
      max_attempts: 5,
      difficulty: "hard",
      evaluator_type: "rules",
      scoring_strategy: "first",
      is_active: true,
      published_version: null,
      theme: { "--challenge-accent": "#ff0066", "--challenge-bg": "#101018" },
      created_by: a.ownerA.id,
    });
    expect(res.text).not.toContain(SECRET);
    const app = await db.app.findFirstOrThrow({ where: { workspaceId: a.wsA.id }, orderBy: { createdAt: "asc" } });
    expect(c.app_id).toBe(app.id);
    const wf = await db.workflow.findUniqueOrThrow({ where: { id: c.workflow_id! } });
    expect(wf.workspaceId).toBe(a.wsA.id);
    expect(wf.draftGraph).toEqual({ nodes: [], edges: [] });
    expect(await getSecretValue(a.wsA.id, c.secret_ref!)).toBe(SECRET);
    const stored = await db.secret.findFirstOrThrow({ where: { workspaceId: a.wsA.id, name: c.secret_ref! }, omit: { valueEncrypted: false } });
    expect(stored.valueEncrypted).not.toContain(SECRET);
  });

  it("accepts an API token, an explicit app, an existing secret_ref and a plugin evaluator", async () => {
    const app = await makeApp({ workspaceId: a.wsA.id });
    await setSecret(a.wsA.id, "VAULT_CODE", SECRET);
    const plugin = await makePlugin({ workspaceId: a.wsA.id, pluginId: "must-contain", kind: "evaluator" });
    const scorer = await makePlugin({
      workspaceId: a.wsA.id,
      pluginId: "weighted",
      kind: "scorer",
      code: "export function score() { return { score: 1 }; }",
      entrypoints: ["score"],
      configSchema: { type: "object", properties: { weight: { type: "number" } }, additionalProperties: false },
    });
    const created = await as(
      {
        bearer: a.tokenA,
        body: {
          ...base,
          app_id: app.id,
          secret_ref: "VAULT_CODE",
          success_type: "custom",
          evaluator_type: "custom",
          evaluator_plugin_id: plugin.pluginId,
          evaluator_entrypoint: "evaluate",
          evaluator_config: { must_contain: ["x"] },
          scoring_strategy: "custom",
          scoring_plugin_id: scorer.pluginId,
          scoring_config: { weight: 2 },
        },
      },
      createRoute,
    );
    expect(created.status, created.text).toBe(201);
    expect(created.json.challenge).toMatchObject({ app_id: app.id, secret_ref: "VAULT_CODE", has_secret: true, created_by: null });
    expect(created.text).not.toContain(SECRET);
  });

  it.each([
    ["a missing goal", { name: "x" }, "goal"],
    ["an unknown field", { ...base, secret_value: "x" }, "secret_value"],
    ["a wrong type", { ...base, points: "many" }, "points"],
    ["a backreference regex", { ...base, success_type: "regex", success_pattern: "(a+)\\1" }, "Backreferences"],
    ["a lookahead regex", { ...base, success_type: "regex", success_pattern: "(?=pw)pw" }, "Lookahead"],
    ["rules without pattern or secret", { ...base, success_type: "contains" }, "success_pattern"],
    ["{{secret}} without a secret", { ...base, success_pattern: "{{secret}}" }, "no secret"],
    ["an unknown secret_ref", { ...base, success_pattern: "x", secret_ref: "NOPE" }, "NOPE"],
    ["another workspace's secret", { ...base, success_pattern: "x", secret_ref: "B_SECRET" }, "B_SECRET"],
    ["custom without a plugin", { ...base, evaluator_type: "custom" }, "evaluator_plugin_id"],
    ["an unknown plugin", { ...base, evaluator_type: "custom", evaluator_plugin_id: "ghost" }, "ghost"],
    ["a scorer used as evaluator", { ...base, evaluator_type: "custom", evaluator_plugin_id: "weighted" }, "scorer"],
    ["a plugin config outside its schema", { ...base, success_pattern: "x", scoring_strategy: "custom", scoring_plugin_id: "weighted", scoring_config: { weight: "heavy" } }, "scoring_config"],
    ["judge threshold above scale", { ...base, evaluator_type: "llm-judge", evaluator_config: { rating_scale: 5, pass_threshold: 7 } }, "pass_threshold"],
    ["unknown judge setting", { ...base, evaluator_type: "llm-judge", evaluator_config: { temperature: 2 } }, "temperature"],
    ["a non-whitelisted theme property", { ...base, success_pattern: "x", theme: { position: "fixed" } }, "theme.position"],
    ["a remote url() in the theme", { ...base, success_pattern: "x", theme: { backgroundImage: "url(https://evil.example/x.png)" } }, "theme.backgroundImage"],
    ["css injection in a theme value", { ...base, success_pattern: "x", theme: { accent: "red; position: fixed" } }, "theme.accent"],
    ["instructions that are too long", { ...base, success_pattern: "x", instructions_md: "a".repeat(20_001) }, "instructions_md"],
    ["an unknown app", { ...base, success_pattern: "x", app_id: "00000000-0000-4000-8000-000000000000" }, "app_id"],
    ["a bad mask variable", { ...base, success_pattern: "x", mask_variables: ["not valid!"] }, "mask_variables"],
  ])("refuses %s with 422 and creates nothing", async (_name, body, part) => {
    const before = await db.challenge.count();
    expect422(await asA(createRoute, { body }), part);
    expect(await db.challenge.count()).toBe(before);
  });

  it("refuses another workspace's app and workflow", async () => {
    const appB = await db.app.findFirstOrThrow({ where: { workspaceId: a.wsB.id } });
    expect422(await asA(createRoute, { body: { ...base, success_pattern: "x", app_id: appB.id } }), "app_id");
    const wfB = await db.workflow.create({ data: { workspaceId: a.wsB.id, name: "b", draftGraph: { nodes: [], edges: [] } } });
    expect422(await asA(createRoute, { body: { ...base, success_pattern: "x", workflow_id: wfB.id } }), "workflow_id");
  });

  it("answers 400 for broken JSON and 401 without credentials", async () => {
    expectError(await asA(createRoute, { rawBody: "{nope" }), 400, "invalid_json");
    expectError(await as({ body: base }, createRoute), 401, "unauthorized");
    expectError(await as({ body: base, bearer: "gnt_unknown" }, createRoute), 401, "unauthorized");
  });

  it("gives a signed-in account without membership 403", async () => {
    expectError(await as({ cookie: a.player.cookie, headers: ORIGIN, body: base }, createRoute), 403, "forbidden");
  });
});

describe("theme assets", () => {
  it("accepts a signed asset URL of the workspace and refuses expired or foreign ones", async () => {
    const mine = await uploadAsset(a.wsA.id, a.ownerA.id, { filename: "bg.png", declaredType: "image/png", bytes: PNG });
    const theirs = await uploadAsset(a.wsB.id, a.ownerB.id, { filename: "bg.png", declaredType: "image/png", bytes: PNG });
    const ok = await asA(createRoute, {
      body: { ...base, success_pattern: "x", theme: { backgroundImage: `url(${mine.url})` }, hero_asset_id: mine.id },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.challenge.theme["--challenge-bg-image"]).toMatch(new RegExp(`^url\\("/assets/${mine.id}\\?exp=\\d+&sig=`));
    expect(ok.json.challenge.hero_asset_url).toMatch(new RegExp(`^/assets/${mine.id}\\?exp=`));

    const expired = signAssetUrl(mine.id, 60, Date.now() - 3600_000).url;
    expect422(await asA(createRoute, { body: { ...base, success_pattern: "x", theme: { backgroundImage: `url(${expired})` } } }), "expired");
    const forged = mine.url.replace(/sig=.*/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect422(await asA(createRoute, { body: { ...base, success_pattern: "x", theme: { backgroundImage: `url(${forged})` } } }), "signature");
    expect422(await asA(createRoute, { body: { ...base, success_pattern: "x", theme: { backgroundImage: `url(${theirs.url})` } } }), "not in this workspace");
    expect422(await asA(createRoute, { body: { ...base, success_pattern: "x", hero_asset_id: theirs.id } }), "hero_asset_id");
  });
});

describe("GET /console/api/challenges", () => {
  it("lists the workspace's challenges with counts, filtered by app_id", async () => {
    const app = await makeApp({ workspaceId: a.wsA.id });
    const c = await makeChallenge({ workspaceId: a.wsA.id, appId: app.id, secretRef: "VAULT_CODE" });
    const all = await asA(listRoute, {});
    expect(all.status).toBe(200);
    const parsed = challengeListResponse.parse(all.json);
    expect(parsed.data.length).toBeGreaterThan(2);
    expect(parsed.data.every((x) => x.id !== challengeB.id)).toBe(true);
    const filtered = await asA(listRoute, { path: `/console/api/challenges?app_id=${app.id}` });
    expect(filtered.json.data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(filtered.json.data[0]).toMatchObject({ attempts_count: 0, solves_count: 0, has_secret: true });
    expect422(await asA(listRoute, { path: "/console/api/challenges?app_id=nope" }), "app_id");
    expect422(await asA(listRoute, { path: "/console/api/challenges?limit=3" }));
    expectError(await as({}, listRoute), 401, "unauthorized");
    const viaToken = await as({ bearer: a.tokenA }, listRoute);
    expect(viaToken.status).toBe(200);
  });
});

describe("GET/PATCH/DELETE /console/api/challenges/{id}", () => {
  let id: string;
  beforeAll(async () => {
    const res = await asA(createRoute, { body: { ...base, success_pattern: "{{secret}}", secret: SECRET } });
    id = res.json.challenge.id;
  });

  it("gets, patches (re-validating the whole challenge) and replaces the secret write-only", async () => {
    const got = await asA(getRoute, { params: { id } });
    expect(got.status).toBe(200);
    expect(got.json.challenge.id).toBe(id);

    const patched = await asA(patchRoute, {
      method: "PATCH",
      params: { id },
      body: { name: "Vault 2", success_type: "regex", success_pattern: "vault-\\d+", is_active: false, secret: SECRET_2 },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.challenge).toMatchObject({ name: "Vault 2", success_type: "regex", is_active: false, has_secret: true, updated_by: a.ownerA.id });
    expect(patched.text).not.toContain(SECRET_2);
    expect(await getSecretValue(a.wsA.id, patched.json.challenge.secret_ref as string)).toBe(SECRET_2);

    const viaToken = await as({ bearer: a.tokenA, method: "PATCH", params: { id }, body: { points: 5 } }, patchRoute);
    expect(viaToken.json.challenge.points).toBe(5);
    const editor = await as({ cookie: a.editorA.cookie, headers: ORIGIN, method: "PATCH", params: { id }, body: { points: 6 } }, patchRoute);
    expect(editor.status).toBe(200);
  });

  it.each([
    ["an empty patch", {}, "Nothing to update"],
    ["an invalid regex", { success_type: "regex", success_pattern: "(unclosed" }, "parenthesis"],
    ["a wrong type", { is_active: "yes" }, "is_active"],
    ["an unknown field", { owner: "me" }, "owner"],
    ["custom scoring without plugin", { scoring_strategy: "custom" }, "scoring_plugin_id"],
    ["a theme url that is not an asset", { theme: { backgroundImage: "url(javascript:alert(1))" } }, "theme"],
  ])("refuses %s with 422 and changes nothing", async (_name, body, part) => {
    const before = await db.challenge.findUniqueOrThrow({ where: { id } });
    expect422(await asA(patchRoute, { method: "PATCH", params: { id }, body }), part);
    expect(await db.challenge.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it("answers 404 for another workspace's challenge (and for unknown ids), changing nothing", async () => {
    const before = await db.challenge.findUniqueOrThrow({ where: { id: challengeB.id } });
    for (const res of [
      await asA(getRoute, { params: { id: challengeB.id } }),
      await asA(patchRoute, { method: "PATCH", params: { id: challengeB.id }, body: { name: "mine now" } }),
      await asA(deleteRoute, { method: "DELETE", params: { id: challengeB.id } }),
      await as({ bearer: a.tokenA, params: { id: challengeB.id } }, getRoute),
      await asA(getRoute, { params: { id: "6f1c1a52-1111-4111-8111-111111111111" } }),
    ]) {
      expectError(res, 404, "not_found");
    }
    expect(await db.challenge.findUniqueOrThrow({ where: { id: challengeB.id } })).toEqual(before);
    expect422(await asA(getRoute, { params: { id: "not-an-id" } }));
  });

  it("answers 401 without credentials", async () => {
    expectError(await as({ params: { id } }, getRoute), 401, "unauthorized");
    expectError(await as({ method: "PATCH", params: { id }, body: { name: "x" } }, patchRoute), 401, "unauthorized");
    expectError(await as({ method: "DELETE", params: { id } }, deleteRoute), 401, "unauthorized");
  });

  it("refuses a cookie PATCH from another origin (CSRF)", async () => {
    expectError(
      await as({ cookie: a.ownerA.cookie, headers: { origin: "https://evil.example" }, method: "PATCH", params: { id }, body: { name: "x" } }, patchRoute),
      403,
      "forbidden",
    );
  });

  it("deletes the challenge and its now unused workflow", async () => {
    const wfId = (await db.challenge.findUniqueOrThrow({ where: { id } })).workflowId!;
    const res = await asA(deleteRoute, { method: "DELETE", params: { id } });
    expect(res.status).toBe(204);
    expectError(await asA(getRoute, { params: { id } }), 404, "not_found");
    expect(await db.workflow.count({ where: { id: wfId } })).toBe(0);
    expectError(await asA(deleteRoute, { method: "DELETE", params: { id } }), 404, "not_found");
  });
});

describe("secrets", () => {
  it("never returns a secret value in any response of this file", () => {
    expect(bodies.length).toBeGreaterThan(40);
    for (const text of bodies) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(SECRET_2);
      expect(text).not.toContain("b-secret-value");
    }
  });
});
