import { describe, expect, it } from "vitest";
import type { EvaluationSpec } from "@/lib/packs/evaluation-spec";
import { priceOf } from "@/lib/packs/run/execute";
import type { PlannedCase } from "@/lib/packs/run/plan";
import { answer, basic, judgeSays, ops, plannedOf, PRICING, run } from "./execute-support";
import { scriptedModel } from "./run-fixture";

describe("executeCase: errors and runtime limits", () => {
  it("scores the operations dimensions of an answered case", async () => {
    const outcome = await run(ops, "fr", answer("Paris"));
    // accuracy 1 (×2), reliability 1, latency (5000 − 1200) / 4000 = 0.95, cost (0.5 − 0.2) / 0.5 = 0.6
    // overall (2 + 1 + 0.95 + 0.6) / 5 = 0.91
    expect(outcome.overall).toBeCloseTo(0.91, 10);
  });

  it("a model error is an error case with reliability 0; latency and cost were not measured", async () => {
    const model = scriptedModel({ fail: new Error("provider down") });
    const judge = judgeSays(8);
    const budget = { usd: 0, tokens: 0 };
    const outcome = await run(ops, "fr", model, judge, { budget });
    expect(outcome).toMatchObject({
      status: "error",
      output: "",
      latencyMs: null,
      tokens: 0,
      costUsd: 0,
      judgeTokens: 0,
      judgeCostUsd: 0,
      error: "provider down",
    });
    expect(judge.calls).toEqual([]);
    expect(budget).toEqual({ usd: 0, tokens: 0 });
    const dims = Object.fromEntries((outcome.result.score?.dimensions ?? []).map((d) => [d.key, d]));
    expect(dims.accuracy).toMatchObject({ score: 0, note: "no result for exact, mentions (counted as 0)" });
    expect(dims.reliability).toMatchObject({ score: 0, note: "provider down" });
    // The call never answered: no latency or cost to score (not a perfect 0 ms and $0).
    expect(dims.latency).toMatchObject({ score: null, note: "latency was not measured" });
    expect(dims.cost).toMatchObject({ score: null, note: "cost was not measured" });
    // (2 × 0 + 0) / 3 = 0
    expect(outcome.overall).toBe(0);
    expect(outcome.result.score?.passed).toBe(false);
  });

  it("more than max_total_tokens is an error: the answer is kept, validators and judges are not run", async () => {
    const judge = judgeSays(8);
    // 900 + 200 = 1100 > 1000 (cost 0.9 + 0.4 = 1.3 is over too; tokens are checked first)
    const outcome = await run(ops, "fr", answer("Paris", { inputTokens: 900, outputTokens: 200 }), judge);
    expect(outcome).toMatchObject({
      status: "error",
      output: "Paris",
      tokens: 1100,
      costUsd: expect.closeTo(1.3, 10),
      error: "runtime limit: 1100 tokens > max_total_tokens 1000",
    });
    expect(outcome.result.validators).toEqual([]);
    expect(outcome.result.judges).toEqual([]);
    expect(judge.calls).toEqual([]);
    // accuracy 0, reliability 0, latency 0.95, cost clamped to 0: 0.95 / 5 = 0.19
    expect(outcome.overall).toBeCloseTo(0.19, 10);
  });

  it("more than max_cost_usd is an error", async () => {
    // 300 × 1000/1e6 + 300 × 2000/1e6 = 0.3 + 0.6 = 0.9 > 0.5 (600 tokens are within 1000)
    const outcome = await run(basic, "fr", answer("Paris", { inputTokens: 300, outputTokens: 300 }));
    expect(outcome).toMatchObject({
      status: "error",
      error: "runtime limit: cost $0.900000 > max_cost_usd 0.5",
    });
    expect(outcome.result.score?.dimensions.map((d) => d.key)).toEqual(["accuracy", "quality"]);
  });

  it("exactly max_total_tokens is within the limit", async () => {
    // An unpriced model: cost 0.
    const model = answer("Paris", { inputTokens: 600, outputTokens: 400, modelId: "unpriced" });
    const outcome = await run(basic, "fr", model);
    expect(outcome).toMatchObject({ status: "passed", tokens: 1000, costUsd: 0, error: null });
  });

  it("a case missing from the pack version is an error without a model call", async () => {
    const model = answer("Paris");
    const planned: PlannedCase = { ...plannedOf(basic, "fr"), caseKey: "gone" };
    const outcome = await run(basic, "gone", model, judgeSays(8), { planned });
    expect(model.calls).toEqual([]);
    expect(outcome).toMatchObject({
      status: "error",
      overall: null,
      error: "the case is not in this pack version",
    });
    expect(outcome.result.prompt).toEqual({ system: "Answer with the city only.", user: "" });
  });
});

describe("priceOf", () => {
  const spec: EvaluationSpec = { pricing: PRICING };
  const usage = { inputTokens: 1000, outputTokens: 500 };

  it.each([
    // 1000 × 1000/1e6 + 500 × 2000/1e6 = 1 + 1
    ["openai", "gpt-case", 2],
    // provider keys compare without case: 1000 × 500/1e6 + 500 × 500/1e6 = 0.5 + 0.25
    ["Azure", "gpt-case", 0.75],
    // no entry for the provider: the model id's first entry
    ["bedrock", "gpt-case", 2],
    // 1000 × 1/1e6 + 500 × 1/1e6
    ["openai", "gpt-other", 0.0015],
    // model ids compare exactly
    ["openai", "GPT-CASE", 0],
    ["openai", "unpriced", 0],
  ])("%s %s → $%d", (provider, modelId, price) => {
    expect(priceOf(spec, { provider, modelId, ...usage })).toBeCloseTo(price, 12);
  });

  it("prices a missing rate at 0 and a spec without pricing at 0", () => {
    const inputOnly: EvaluationSpec = {
      pricing: { models: [{ provider_model_id: "m", input_cost_per_million_tokens: 3 }] },
    };
    // 1000 × 3/1e6 = 0.003; no output rate
    expect(priceOf(inputOnly, { provider: "x", modelId: "m", ...usage })).toBeCloseTo(0.003, 12);
    expect(priceOf({}, { provider: "openai", modelId: "gpt-case", ...usage })).toBe(0);
  });
});
