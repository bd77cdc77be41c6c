import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/console/api/plugins/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/console/api/plugins/[id]/route";
import { POST as testRunRoute } from "@/app/console/api/plugins/[id]/test-run/route";
import { db } from "@/lib/db";
import { pluginListResponse, pluginResponse, pluginTestRunResponse } from "@/lib/contracts/plugins";
import { setSecret } from "@/lib/services/secrets";
import { consoleActors, expect422, expectError, recordingCalls, type ConsoleActors } from "@/tests/helpers/console";
import { makePlugin } from "@/tests/helpers/factories";

const SECRET = "Plugin-Test-Secret-Ibis-8";
const EVALUATOR = `export function evaluate(goal, response, config) {
  const ok = (config.must_contain ?? []).every((w) => response.toLowerCase().includes(w.toLowerCase()));
  return { passed: ok, rating: ok ? 8 : 2, feedback: ok ? "Meets criteria" : "Missing required signal" };
}`;

let a: ConsoleActors;
let pluginB: string;
const { bodies, as, asA } = recordingCalls(() => a);

beforeAll(async () => {
  a = await consoleActors();
  await setSecret(a.wsA.id, "PLUGIN_SECRET", SECRET);
  pluginB = (await makePlugin({ workspaceId: a.wsB.id, pluginId: "b-plugin" })).id;
});

describe("console plugins API", () => {
  let id: string;

  it("creates, lists, gets and patches a plugin", async () => {
    const res = await asA(createRoute, {
      body: {
        plugin_id: "must-contain",
        name: "Must contain",
        kind: "evaluator",
        code: EVALUATOR,
        config_schema: { type: "object", properties: { must_contain: { type: "array", items: { type: "string" } } } },
      },
    });
    expect(res.status, res.text).toBe(201);
    const p = pluginResponse.parse(res.json).plugin;
    id = p.id;
    expect(p).toMatchObject({ plugin_id: "must-contain", kind: "evaluator", entrypoints: ["evaluate"], version: 1, created_by: a.ownerA.id });
    const list = pluginListResponse.parse((await asA(listRoute)).json);
    expect(list.data.map((x) => x.plugin_id)).toEqual(["must-contain"]);
    expect(list.data[0]).not.toHaveProperty("code");
    expect((await asA(listRoute, { path: "/console/api/plugins?kind=scorer" })).json.data).toEqual([]);
    expect((await asA(getRoute, { params: { id } })).json.plugin.code).toBe(EVALUATOR);
    const patched = await as({ bearer: a.tokenA, method: "PATCH", params: { id }, body: { name: "Contains all" } }, patchRoute);
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.plugin).toMatchObject({ name: "Contains all", version: 1 });
  });

  it("test-runs the plugin in the sandbox", async () => {
    const pass = await asA(testRunRoute, { params: { id }, body: { response: "The vault code is open", config: { must_contain: ["vault"] } } });
    expect(pass.status, pass.text).toBe(200);
    expect(pluginTestRunResponse.parse(pass.json)).toMatchObject({ ok: true, kind: "evaluator", value: { passed: true, rating: 8 } });
    const badConfig = await asA(testRunRoute, { params: { id }, body: { config: { must_contain: "vault" } } });
    expect(badConfig.json).toMatchObject({ ok: false });
  });

  it.each([
    ["a bad plugin_id", { plugin_id: "Bad Id", name: "x", kind: "evaluator", code: EVALUATOR }, "plugin_id"],
    ["an unknown kind", { plugin_id: "x", name: "x", kind: "grader", code: EVALUATOR }, "kind"],
    ["code without the entrypoint", { plugin_id: "x", name: "x", kind: "evaluator", code: "export const y = 1;" }, "code"],
    ["a syntax error", { plugin_id: "x", name: "x", kind: "evaluator", code: "export function evaluate( {" }, "code"],
    ["an invalid config schema", { plugin_id: "x", name: "x", kind: "evaluator", code: EVALUATOR, config_schema: { type: "nope" } }, "config_schema"],
  ])("refuses a create with %s (422)", async (_name, body, part) => {
    const before = await db.plugin.count();
    expect422(await asA(createRoute, { body }), part);
    expect(await db.plugin.count()).toBe(before);
  });

  it.each([
    ["an empty patch", {}, "Nothing to update"],
    ["a kind change", { kind: "scorer" }, "kind"],
    ["broken code", { code: "function (" }, "code"],
  ])("refuses a patch with %s (422)", async (_name, body, part) => {
    expect422(await asA(patchRoute, { method: "PATCH", params: { id }, body }), part);
  });

  it.each([
    ["metrics of the wrong type", { metrics: "fast" }, "metrics"],
    ["an unknown field", { prompt: "x" }, "prompt"],
    ["a bad entrypoint", { entrypoint: "1abc" }, "entrypoint"],
  ])("refuses a test-run with %s (422)", async (_name, body, part) => {
    expect422(await asA(testRunRoute, { params: { id }, body }), part);
  });

  it("answers 404 for another workspace's plugin and 401 without credentials", async () => {
    for (const res of [
      await asA(getRoute, { params: { id: pluginB } }),
      await asA(patchRoute, { method: "PATCH", params: { id: pluginB }, body: { name: "x" } }),
      await asA(testRunRoute, { params: { id: pluginB }, body: {} }),
      await asA(deleteRoute, { method: "DELETE", params: { id: pluginB } }),
    ]) {
      expectError(res, 404, "not_found");
    }
    expect(await db.plugin.count({ where: { id: pluginB } })).toBe(1);
    expectError(await as({}, listRoute), 401, "unauthorized");
    expectError(await as({ body: { plugin_id: "x" } }, createRoute), 401, "unauthorized");
    expectError(await as({ params: { id } }, getRoute), 401, "unauthorized");
    expectError(await as({ method: "PATCH", params: { id }, body: { name: "x" } }, patchRoute), 401, "unauthorized");
    expectError(await as({ params: { id }, body: {} }, testRunRoute), 401, "unauthorized");
    expectError(await as({ method: "DELETE", params: { id } }, deleteRoute), 401, "unauthorized");
  });

  it("refuses to delete a plugin a challenge uses, then deletes it", async () => {
    const app = await db.app.findFirstOrThrow({ where: { workspaceId: a.wsA.id } });
    const ch = await db.challenge.create({
      data: { workspaceId: a.wsA.id, appId: app.id, name: "c", goal: "g", evaluatorType: "custom", evaluatorPluginId: "must-contain" },
    });
    expectError(await asA(deleteRoute, { method: "DELETE", params: { id } }), 409, "conflict");
    await db.challenge.delete({ where: { id: ch.id } });
    expect((await asA(deleteRoute, { method: "DELETE", params: { id } })).status).toBe(204);
    expectError(await asA(getRoute, { params: { id } }), 404, "not_found");
  });

  it("never returns a secret value", () => {
    for (const text of bodies) expect(text).not.toContain(SECRET);
  });
});
