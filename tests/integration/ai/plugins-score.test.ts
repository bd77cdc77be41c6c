// scoreWithPlugin (a stored scorer for an attempt or a collection) and testRunPlugin (a creator's
// trial run of a plugin on sample input, with what went wrong).
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { scoreWithPlugin } from "@/lib/evaluation/plugins";
import { SIMPLE_EVALUATOR } from "@/lib/evaluation/sandbox/examples";
import { createPlugin, loadPluginRow, testRunPlugin } from "@/lib/services/plugins";
import { unique } from "@/tests/helpers/factories";
import { evaluatorInput, pluginWorld, scorerInput } from "./plugins-support";

const world = pluginWorld();

describe("scoreWithPlugin", () => {
  const metrics = { succeeded: true, tokens_total: 100, elapsed_ms: 2000, rating: 8, created_at: Date.now() };
  /** Scores `metrics` with `pluginId` (no config, no context unless `over` gives them). */
  const score = (pluginId: string, over: Partial<Parameters<typeof scoreWithPlugin>[0]> = {}) =>
    scoreWithPlugin({ workspaceId: world.ws, loadPlugin: loadPluginRow, pluginId, metrics, config: {}, ctx: {}, ...over });

  it("scores with the stored WeightedScorer", async () => {
    const p = await createPlugin(world.ws, scorerInput());
    expect(await score(p.pluginId)).toEqual({
      ok: true,
      result: { score: 177 },
    });
    expect(await score(p.pluginId, { config: { success_bonus: 0, rating_weight: 1 } })).toEqual({ ok: true, result: { score: 5 } });
  });

  it("scores a collection from per-challenge metrics, with details", async () => {
    const p = await createPlugin(world.ws, {
      plugin_id: unique("sum"),
      name: "Sum",
      kind: "scorer",
      code: "export function score(list, config, ctx) { const solved = list.filter((m) => m.succeeded).length; return { score: solved * config.per, details: { solved, has_variables: 'variables' in ctx } }; }",
    });
    const result = await score(p.pluginId, {
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
    const p = await createPlugin(world.ws, { plugin_id: unique("bad-scorer"), name: "Bad", kind: "scorer", code });
    const result = await score(p.pluginId);
    expect(result).toEqual({ ok: false, error: `The custom scorer failed; this attempt was not scored. (${kind})` });
  });

  it("an unknown scorer fails", async () => {
    const result = await score("missing-scorer");
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("not_found") });
  });
});

describe("testRunPlugin", () => {
  it("runs an evaluator on sample input", async () => {
    const p = await createPlugin(world.ws, evaluatorInput());
    const result = await testRunPlugin({
      workspaceId: world.ws,
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
    const p = await createPlugin(world.ws, scorerInput());
    expect(await testRunPlugin({ workspaceId: world.ws, pluginId: p.pluginId, input: {} })).toMatchObject({
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
    const p = await createPlugin(world.ws, evaluatorInput({ code }));
    const result = await testRunPlugin({ workspaceId: world.ws, pluginId: p.pluginId, input: { config } });
    expect(result).toMatchObject({ ok: false, ...expected });
  });

  it("rejects malformed test input", async () => {
    const p = await createPlugin(world.ws, evaluatorInput());
    await expect(testRunPlugin({ workspaceId: world.ws, pluginId: p.pluginId, input: { config: [] as never } })).rejects.toBeInstanceOf(
      ZodError,
    );
  });
});
