import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import {
  configValidatorCacheSize,
  evaluateWithPlugin,
  PLUGIN_ERROR_FEEDBACK,
  scoreWithPlugin,
} from "@/lib/evaluation/plugins";
import { SIMPLE_EVALUATOR, WEIGHTED_SCORER } from "@/lib/evaluation/sandbox/examples";
import { getSandboxPool } from "@/lib/evaluation/sandbox/pool";
import {
  createPlugin,
  deletePlugin,
  getPlugin,
  getPluginBySlug,
  listPlugins,
  loadPluginRow,
  testRunPlugin,
  updatePlugin,
} from "@/lib/services/plugins";
import type { PluginCreateInput } from "@/lib/contracts/plugins";
import { makeChallenge, makeCollection, makeWorkspace, unique } from "@/tests/helpers/factories";

afterAll(() => getSandboxPool().close());

let ws: string;
let other: string;
beforeAll(async () => {
  ws = (await makeWorkspace()).id;
  other = (await makeWorkspace()).id;
});

const evaluatorInput = (overrides: Partial<PluginCreateInput> = {}): PluginCreateInput => ({
  plugin_id: unique("simple"),
  name: "Simple evaluator",
  kind: "evaluator",
  code: SIMPLE_EVALUATOR.code,
  config_schema: SIMPLE_EVALUATOR.configSchema,
  ...overrides,
});

const scorerInput = (overrides: Partial<PluginCreateInput> = {}): PluginCreateInput => ({
  plugin_id: unique("weighted"),
  name: "Weighted scorer",
  kind: "scorer",
  code: WEIGHTED_SCORER.code,
  config_schema: WEIGHTED_SCORER.configSchema,
  ...overrides,
});

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("plugin CRUD", () => {
  it("creates a plugin with default entrypoints and version 1", async () => {
    const created = await createPlugin(ws, evaluatorInput({ plugin_id: "simple-one" }), { createdBy: null });
    expect(created).toMatchObject({
      pluginId: "simple-one",
      kind: "evaluator",
      entrypoints: ["evaluate"],
      version: 1,
      configSchema: SIMPLE_EVALUATOR.configSchema,
      code: SIMPLE_EVALUATOR.code,
    });
    const scorer = await createPlugin(ws, scorerInput({ config_schema: null }));
    expect(scorer).toMatchObject({ entrypoints: ["score"], configSchema: null });
    expect(await getPlugin(ws, created.id)).toEqual(created);
    expect(await getPluginBySlug(ws, "simple-one")).toEqual(created);
  });

  it("refuses a second plugin_id in the same workspace with 409, allows it in another", async () => {
    const input = evaluatorInput();
    await createPlugin(ws, input);
    const err = await appError(createPlugin(ws, { ...input, name: "Again" }));
    expect(err.status).toBe(409);
    expect(err.message).toContain(input.plugin_id);
    await expect(createPlugin(other, input)).resolves.toMatchObject({ pluginId: input.plugin_id });
  });

  it("does not reach another workspace's plugin", async () => {
    const theirs = await createPlugin(other, evaluatorInput());
    for (const action of [
      () => getPlugin(ws, theirs.id),
      () => getPluginBySlug(ws, theirs.pluginId),
      () => updatePlugin(ws, theirs.id, { name: "stolen" }),
      () => deletePlugin(ws, theirs.id),
      () => testRunPlugin({ workspaceId: ws, pluginId: theirs.pluginId, input: {} }),
    ]) {
      const err = await appError(action());
      expect(err.code).toBe("not_found");
    }
    expect(await getPlugin(other, theirs.id)).toMatchObject({ name: "Simple evaluator", version: 1 });
  });

  it("lists a workspace's plugins by name, without code, filtered by kind", async () => {
    const own = await makeWorkspace();
    await createPlugin(own.id, scorerInput({ name: "B scorer" }));
    await createPlugin(own.id, evaluatorInput({ name: "A evaluator" }));
    await createPlugin(own.id, evaluatorInput({ name: "C evaluator" }));
    const all = await listPlugins(own.id);
    expect(all.map((p) => p.name)).toEqual(["A evaluator", "B scorer", "C evaluator"]);
    expect(all.every((p) => !("code" in p))).toBe(true);
    expect((await listPlugins(own.id, { kind: "scorer" })).map((p) => p.name)).toEqual(["B scorer"]);
  });

  it("bumps the version when code, entrypoints or schema change, not for a rename", async () => {
    const p = await createPlugin(ws, evaluatorInput());
    expect((await updatePlugin(ws, p.id, { name: "Renamed" })).version).toBe(1);
    const newCode = `${SIMPLE_EVALUATOR.code}\nfunction check() { return { passed: true }; }`;
    expect(await updatePlugin(ws, p.id, { code: newCode })).toMatchObject({ version: 2, code: newCode });
    expect(await updatePlugin(ws, p.id, { entrypoints: ["evaluate", "check"] })).toMatchObject({
      version: 3,
      entrypoints: ["evaluate", "check"],
    });
    expect(await updatePlugin(ws, p.id, { config_schema: { type: "object" } })).toMatchObject({ version: 4 });
    expect(await updatePlugin(ws, p.id, { config_schema: null })).toMatchObject({ version: 5, configSchema: null });
    expect(await updatePlugin(ws, p.id, { code: newCode })).toMatchObject({ version: 5 });
  });

  it.each([
    { name: "a bad slug", input: { plugin_id: "Has Spaces" }, message: /plugin_id/ },
    { name: "an unknown kind", input: { kind: "judge" as never }, message: /kind must be evaluator or scorer/ },
    { name: "code over 100 KB", input: { code: `// ${"x".repeat(100 * 1024)}` }, message: /larger than 100 KB/ },
    { name: "empty code", input: { code: "  " }, message: /code is required/ },
    { name: "a bad entrypoint", input: { entrypoints: ["evaluate()"] }, message: /entrypoint/ },
    { name: "duplicate entrypoints", input: { entrypoints: ["evaluate", "evaluate"] }, message: /unique/ },
    {
      name: "a config_schema ajv cannot compile",
      input: { config_schema: { type: "strnig" } },
      message: /config_schema is not a valid JSON Schema/,
    },
    {
      name: "a config_schema with an unknown keyword",
      input: { config_schema: { type: "object", requried: ["a"] } },
      message: /unknown keyword: "requried"/,
    },
    {
      name: "a config_schema pattern RE2 cannot run",
      input: { config_schema: { type: "string", pattern: "^(?=a)" } },
      message: /config_schema is not a valid JSON Schema/,
    },
  ])("rejects $name with a clear message", async ({ input, message }) => {
    const err = await createPlugin(ws, evaluatorInput(input)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZodError);
    expect((err as ZodError).issues.map((i) => i.message).join("; ")).toMatch(message);
  });

  it.each([
    { name: "a syntax error", code: "function evaluate( {", message: /code: SyntaxError/ },
    { name: "a missing entrypoint", code: "function judge() {}", message: /"evaluate" is not a function/ },
    { name: "top-level code that loops", code: "for (;;) {}\nfunction evaluate() {}", message: /longer than 2 s/, productDeadline: true },
  ])("rejects code with $name (checked in the sandbox)", async ({ code, message, productDeadline }) => {
    // The test setup gives loading a generous deadline; only the looping case is about it, and
    // meets the product's 2 s (a slower machine only meets it sooner).
    const saved = process.env.SANDBOX_LOAD_TIMEOUT_MS;
    if (productDeadline) {
      delete process.env.SANDBOX_LOAD_TIMEOUT_MS;
      resetEnvForTests();
    }
    try {
      const err = await appError(createPlugin(ws, evaluatorInput({ code })));
      expect(err.code).toBe("validation_failed");
      expect(err.message).toMatch(message);
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_LOAD_TIMEOUT_MS;
      else process.env.SANDBOX_LOAD_TIMEOUT_MS = saved;
      resetEnvForTests();
    }
  });

  it("checks code again on update and keeps the old version on failure", async () => {
    const p = await createPlugin(ws, evaluatorInput());
    const err = await appError(updatePlugin(ws, p.id, { code: "syntax error here(" }));
    expect(err.code).toBe("validation_failed");
    expect(await getPlugin(ws, p.id)).toMatchObject({ version: 1, code: SIMPLE_EVALUATOR.code });
    await expect(updatePlugin(ws, p.id, { kind: "scorer" } as never)).rejects.toBeInstanceOf(ZodError);
    await expect(updatePlugin(ws, p.id, {})).rejects.toBeInstanceOf(ZodError);
  });

  it("refuses to delete a plugin in use, deletes it once free", async () => {
    const p = await createPlugin(ws, evaluatorInput());
    const challenge = await makeChallenge({ workspaceId: ws, evaluatorType: "custom", evaluatorPluginId: p.pluginId });
    const collection = await makeCollection({ workspaceId: ws, scoringStrategy: "custom", scoringPluginId: p.pluginId });
    const err = await appError(deletePlugin(ws, p.id));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/1 challenge and 1 collection/);

    const { db } = await import("@/lib/db");
    await db.challenge.update({ where: { id: challenge.id }, data: { evaluatorPluginId: null } });
    await db.challengeCollection.update({ where: { id: collection.id }, data: { scoringPluginId: null } });
    await deletePlugin(ws, p.id);
    expect((await appError(getPlugin(ws, p.id))).code).toBe("not_found");
  });
});

describe("evaluateWithPlugin", () => {
  let simple: string;
  let scorerSlug: string;
  beforeAll(async () => {
    simple = (await createPlugin(ws, evaluatorInput())).pluginId;
    scorerSlug = (await createPlugin(ws, scorerInput())).pluginId;
  });

  const evaluate = (overrides: Partial<Parameters<typeof evaluateWithPlugin>[0]> = {}) =>
    evaluateWithPlugin({
      workspaceId: ws, loadPlugin: loadPluginRow,
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
    const echo = await createPlugin(ws, {
      plugin_id: unique("echo"),
      name: "Echo",
      kind: "evaluator",
      code: "function evaluate(goal, response, config, ctx) { return { passed: true, raw: { goal, response, config, ctx } }; }",
    });
    const challenge = await makeChallenge({ workspaceId: ws });
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
        tenant_id: ws,
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
    const p = await createPlugin(ws, evaluatorInput());
    expect((await evaluate({ pluginId: p.pluginId, config: { must_contain: [] } })).outcome).toBe("pass");
    await updatePlugin(ws, p.id, {
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
    const p = await createPlugin(ws, { plugin_id: unique("bad"), name: "Bad", kind: "evaluator", code });
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
      ...(opts.workspaceId === "" ? { workspaceId: other } : {}),
      ...(opts.pluginId === "" ? { pluginId: scorerSlug } : {}),
    };
    const result = await evaluate(resolved);
    expect(result).toMatchObject({ outcome: "error", errorKind: "plugin_error", feedback: PLUGIN_ERROR_FEEDBACK });
    expect(result.raw?.error).toBe(kind);
  });
});

describe("scoreWithPlugin", () => {
  const metrics = { succeeded: true, tokens_total: 100, elapsed_ms: 2000, rating: 8, created_at: Date.now() };

  it("scores with the stored WeightedScorer", async () => {
    const p = await createPlugin(ws, scorerInput());
    expect(await scoreWithPlugin({ workspaceId: ws, loadPlugin: loadPluginRow, pluginId: p.pluginId, metrics, config: {}, ctx: {} })).toEqual({
      ok: true,
      result: { score: 177 },
    });
    expect(
      await scoreWithPlugin({ workspaceId: ws, loadPlugin: loadPluginRow, pluginId: p.pluginId, metrics, config: { success_bonus: 0, rating_weight: 1 }, ctx: {} }),
    ).toEqual({ ok: true, result: { score: 5 } });
  });

  it("scores a collection from per-challenge metrics, with details", async () => {
    const p = await createPlugin(ws, {
      plugin_id: unique("sum"),
      name: "Sum",
      kind: "scorer",
      code: "export function score(list, config, ctx) { const solved = list.filter((m) => m.succeeded).length; return { score: solved * config.per, details: { solved, has_variables: 'variables' in ctx } }; }",
    });
    const result = await scoreWithPlugin({
      workspaceId: ws, loadPlugin: loadPluginRow,
      pluginId: p.pluginId,
      metrics: [metrics, { ...metrics, succeeded: false }, metrics],
      config: { per: 10 },
      ctx: { variables: { a: 1 } },
    });
    expect(result).toEqual({ ok: true, result: { score: 20, details: { solved: 2, has_variables: false } } });
  });

  it.each([
    { name: "returns a non-number score", code: "function score() { return { score: 'high' }; }", kind: "invalid_output" },
    { name: "throws", code: "function score() { throw new Error('x'); }", kind: "runtime" },
  ])("a scorer that $name fails with a generic error", async ({ code, kind }) => {
    const p = await createPlugin(ws, { plugin_id: unique("bad-scorer"), name: "Bad", kind: "scorer", code });
    const result = await scoreWithPlugin({ workspaceId: ws, loadPlugin: loadPluginRow, pluginId: p.pluginId, metrics, config: {}, ctx: {} });
    expect(result).toEqual({ ok: false, error: `The custom scorer failed; this attempt was not scored. (${kind})` });
  });

  it("an unknown scorer fails", async () => {
    const result = await scoreWithPlugin({ workspaceId: ws, loadPlugin: loadPluginRow, pluginId: "missing-scorer", metrics, config: {}, ctx: {} });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("not_found") });
  });
});

describe("testRunPlugin", () => {
  it("runs an evaluator on sample input", async () => {
    const p = await createPlugin(ws, evaluatorInput());
    const result = await testRunPlugin({
      workspaceId: ws,
      pluginId: p.pluginId,
      input: { goal: "g", response: "swordfish here", config: { must_contain: ["swordfish"] } },
    });
    expect(result).toMatchObject({
      ok: true,
      kind: "evaluator",
      entrypoint: "evaluate",
      value: { passed: true, rating: 8, feedback: "Meets criteria" },
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("runs a scorer with default metrics when none are given", async () => {
    const p = await createPlugin(ws, scorerInput());
    expect(await testRunPlugin({ workspaceId: ws, pluginId: p.pluginId, input: {} })).toMatchObject({
      ok: true,
      value: { score: 0 },
    });
  });

  it.each([
    {
      name: "invalid output, with what was returned",
      code: "function evaluate() { return 'yes'; }",
      config: {},
      expected: { error: "invalid_output", value: "yes", detail: expect.stringMatching(/passed: boolean/) },
    },
    {
      name: "a runtime error with its line",
      code: "function evaluate() {\n  return missing.value;\n}",
      config: {},
      expected: { error: "runtime", detail: expect.stringMatching(/ReferenceError.*missing.*plugin\.js:2/) },
    },
    {
      name: "config rejected by the schema",
      code: SIMPLE_EVALUATOR.code,
      config: { must_contain: 5 },
      expected: { error: "invalid_config", detail: "config.must_contain must be array" },
    },
  ])("reports $name to the creator", async ({ code, config, expected }) => {
    const p = await createPlugin(ws, evaluatorInput({ code }));
    const result = await testRunPlugin({ workspaceId: ws, pluginId: p.pluginId, input: { config } });
    expect(result).toMatchObject({ ok: false, ...expected });
  });

  it("rejects malformed test input", async () => {
    const p = await createPlugin(ws, evaluatorInput());
    await expect(testRunPlugin({ workspaceId: ws, pluginId: p.pluginId, input: { config: [] as never } })).rejects.toBeInstanceOf(
      ZodError,
    );
  });
});
