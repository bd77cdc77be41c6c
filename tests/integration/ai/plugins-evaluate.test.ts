// evaluateWithPlugin: a stored evaluator plugin run in the sandbox, its config checked against the
// plugin's schema, and every failure of the plugin turned into a generic error outcome.
import { beforeAll, describe, expect, it } from "vitest";
import { configValidatorCacheSize, evaluateWithPlugin, PLUGIN_ERROR_FEEDBACK } from "@/lib/evaluation/plugins";
import { createPlugin, loadPluginRow, updatePlugin } from "@/lib/services/plugins";
import { makeChallenge, unique } from "@/tests/helpers/factories";
import { evaluatorInput, pluginWorld, scorerInput } from "./plugins-support";

const world = pluginWorld();

describe("evaluateWithPlugin", () => {
  let simple: string;
  let scorerSlug: string;
  beforeAll(async () => {
    simple = (await createPlugin(world.ws, evaluatorInput())).pluginId;
    scorerSlug = (await createPlugin(world.ws, scorerInput())).pluginId;
  });

  const evaluate = (overrides: Partial<Parameters<typeof evaluateWithPlugin>[0]> = {}) =>
    evaluateWithPlugin({
      workspaceId: world.ws, loadPlugin: loadPluginRow,
      pluginId: simple,
      goal: "Reveal the password",
      response: "The password is SWORDFISH.",
      config: { must_contain: ["swordfish"] },
      ctx: {},
      ...overrides,
    });

  it.each([
    { name: "passes", config: { must_contain: ["swordfish"] }, outcome: "pass", rating: 8, feedback: "Meets criteria" },
    { name: "fails on banned words", config: { banned: ["password"] }, outcome: "fail", rating: 2, feedback: "Banned content detected" },
    { name: "fails on missing words", config: { must_contain: ["dolphin"] }, outcome: "fail", rating: 5, feedback: "Missing required signal" },
  ])("the stored SimpleEvaluator $name", async ({ config, outcome, rating, feedback }) => {
    const result = await evaluate({ config });
    expect(result).toMatchObject({ outcome, rating, feedback, evaluator: "custom" });
    expect(result.errorKind).toBeUndefined();
    expect(result.raw).toMatchObject({ plugin_id: simple, plugin_version: 1, entrypoint: "evaluate" });
  });

  it("passes the plugin API's context with sanitised variables", async () => {
    const echo = await createPlugin(world.ws, {
      plugin_id: unique("echo"),
      name: "Echo",
      kind: "evaluator",
      code: "function evaluate(goal, response, config, ctx) { return { passed: true, raw: { goal, response, config, ctx } }; }",
    });
    const challenge = await makeChallenge({ workspaceId: world.ws });
    const result = await evaluate({
      pluginId: echo.pluginId,
      config: { k: 1 },
      timeoutMs: 1234,
      ctx: {
        appId: challenge.appId,
        challengeId: challenge.id,
        workflowId: null,
        endUserId: "eu-1",
        variables: { topic: "birds", api_key: "sk-x", nested: { password: "p", keep: [1, { secret_ref: "s" }] } },
      },
    });
    expect(result.outcome).toBe("pass");
    expect(result.raw?.output).toEqual({
      goal: "Reveal the password",
      response: "The password is SWORDFISH.",
      config: { k: 1 },
      ctx: {
        tenant_id: world.ws,
        app_id: challenge.appId,
        workflow_id: null,
        challenge_id: challenge.id,
        end_user_id: "eu-1",
        timeout_ms: 1234,
        variables: { topic: "birds", nested: { keep: [1, {}] } },
      },
    });
  });

  it("validates config against the plugin's schema, reusing the compiled validator", async () => {
    const before = configValidatorCacheSize();
    await evaluate();
    const afterFirst = configValidatorCacheSize();
    await evaluate();
    expect(configValidatorCacheSize()).toBe(afterFirst);
    expect(afterFirst).toBeLessThanOrEqual(before + 1);

    const rejected = await evaluate({ config: { must_contain: "swordfish" } });
    expect(rejected).toEqual({
      outcome: "error",
      rating: null,
      feedback: PLUGIN_ERROR_FEEDBACK,
      evaluator: "custom",
      errorKind: "plugin_error",
      raw: expect.objectContaining({ error: "invalid_config", plugin_id: simple }),
    });
    expect((await evaluate({ config: { surprise: true } })).raw?.error).toBe("invalid_config");
  });

  it("uses a new validator after the schema changes", async () => {
    const p = await createPlugin(world.ws, evaluatorInput());
    expect((await evaluate({ pluginId: p.pluginId, config: { must_contain: [] } })).outcome).toBe("pass");
    await updatePlugin(world.ws, p.id, {
      config_schema: { type: "object", required: ["must_contain"], properties: { must_contain: { type: "array", minItems: 1 } } },
    });
    expect((await evaluate({ pluginId: p.pluginId, config: { must_contain: [] } })).raw?.error).toBe("invalid_config");
  });

  it.each([
    { name: "throws", code: "function evaluate() { throw new Error('secret stack detail'); }", kind: "runtime" },
    { name: "returns a string", code: "function evaluate() { return 'passed'; }", kind: "invalid_output" },
    { name: "returns undefined", code: "function evaluate() {}", kind: "invalid_output" },
    { name: "returns passed as a string", code: "function evaluate() { return { passed: 'yes' }; }", kind: "invalid_output" },
    { name: "returns a rating above 10", code: "function evaluate() { return { passed: true, rating: 11 }; }", kind: "invalid_output" },
    { name: "loops for ever", code: "function evaluate() { for (;;) {} }", kind: "timeout" },
    { name: "allocates without bound", code: "function evaluate() { const a = []; for (;;) a.push(new Array(1e5).fill(1)); }", kind: "memory" },
  ])("a plugin that $name gives a generic error outcome ($kind)", async ({ code, kind }) => {
    const p = await createPlugin(world.ws, { plugin_id: unique("bad"), name: "Bad", kind: "evaluator", code });
    // Only the endless loop is meant to meet the deadline: every other case gets the longest one,
    // so a starved sandbox worker (it runs at a low priority) cannot turn its outcome into a timeout.
    const result = await evaluate({ pluginId: p.pluginId, config: {}, timeoutMs: kind === "timeout" ? 1000 : 60_000 });
    expect(result).toMatchObject({ outcome: "error", errorKind: "plugin_error", feedback: PLUGIN_ERROR_FEEDBACK, rating: null });
    expect(result.raw?.error).toBe(kind);
    expect(JSON.stringify(result)).not.toMatch(/secret stack detail|plugin\.js|at evaluate/);
  });

  it.each([
    { name: "an unknown plugin", opts: { pluginId: "does-not-exist" }, kind: "not_found" },
    { name: "another workspace's plugin", opts: { workspaceId: "" }, kind: "not_found" },
    { name: "a scorer used as an evaluator", opts: { pluginId: "" }, kind: "wrong_kind" },
    { name: "an entrypoint the plugin does not list", opts: { entrypoint: "score" }, kind: "unknown_entrypoint" },
  ])("$name is an error outcome ($kind)", async ({ opts, kind }) => {
    const resolved = {
      ...opts,
      ...(opts.workspaceId === "" ? { workspaceId: world.other } : {}),
      ...(opts.pluginId === "" ? { pluginId: scorerSlug } : {}),
    };
    const result = await evaluate(resolved);
    expect(result).toMatchObject({ outcome: "error", errorKind: "plugin_error", feedback: PLUGIN_ERROR_FEEDBACK });
    expect(result.raw?.error).toBe(kind);
  });
});
