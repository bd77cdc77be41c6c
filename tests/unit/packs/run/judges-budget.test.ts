import { describe, expect, it } from "vitest";
import { runJudges } from "@/lib/packs/run/judges";
import { budget, ctx, judged, PARIS, rubric } from "./judges-support";
import { checkedSpec, scriptedJudge, verdict } from "./run-fixture";

describe("runJudge: judge_limits budget", () => {
  it("stops once max_tokens is spent, and says so", async () => {
    const { result, calls, spent } = await judged(
      rubric({ samples: 3 }),
      { "gpt-4o": [verdict(10, true, { tokens: 60 })] },
      { limits: { max_tokens: 100 } },
    );
    // call 1 at 0 tokens → 60; call 2 at 60 < 100 → 120; call 3 at 120 ≥ 100 is not made.
    expect(calls).toHaveLength(2);
    expect(spent.tokens).toBe(120);
    expect(result.models[0]?.ratings).toEqual([10, 10]);
    expect(result.score).toBe(5);
    expect(result.note).toBe("judge_limits reached: some judge calls were not made");
  });

  it.each([
    // calls at 0, 0.02, 0.04 (< 0.05) are made → 0.06; the 4th at 0.06 ≥ 0.05 is not.
    [0.05, 3, 0.06],
    // calls at 0 and 0.02 → 0.04; the 3rd at 0.04 ≥ 0.04 (spent exactly) is not.
    [0.04, 2, 0.04],
  ])("stops once max_calls_usd %d is spent: %d calls", async (max_calls_usd, made, usd) => {
    const { calls, spent } = await judged(
      rubric({ samples: 5 }),
      { "gpt-4o": [verdict(5, true, { costUsd: 0.02 })] },
      { limits: { max_calls_usd } },
    );
    expect(calls).toHaveLength(made);
    expect(spent.usd).toBeCloseTo(usd, 10);
  });

  it("makes no call on a budget already spent by earlier cases", async () => {
    const { result, calls } = await judged(
      rubric(),
      { "gpt-4o": [verdict(5, true)] },
      { limits: { max_tokens: 100 }, budget: { usd: 0, tokens: 100 } },
    );
    expect(calls).toEqual([]);
    expect(result).toEqual({
      key: "quality",
      mode: "rubric",
      score: null,
      passed: null,
      models: [{ model: "gpt-4o", ratings: [], score: null, passed: null }],
      note: "judge_limits reached: some judge calls were not made",
      usage: { tokens: 0, costUsd: 0 },
    });
  });

  it("has no note when the last sample spends the budget (no call was skipped)", async () => {
    const { result, calls } = await judged(
      rubric({ samples: 2 }),
      { "gpt-4o": [verdict(5, true, { tokens: 60 })] },
      { limits: { max_tokens: 100 } },
    );
    expect(calls).toHaveLength(2);
    expect(result).not.toHaveProperty("note");
    // Two samples of 60 tokens each: this judge's own usage on this case.
    expect(result.usage).toEqual({ tokens: 120, costUsd: 0 });
  });

  it("checks the budget before each call: the models' first calls all start on an unspent budget", async () => {
    const judge = rubric({
      model: undefined,
      models: ["gpt-4o", "claude-3-5-sonnet"],
      samples: 2,
      consensus: { aggregation: "mean" },
    });
    const answer = [verdict(10, true, { tokens: 60 })];
    const { result, calls, spent } = await judged(
      judge,
      { "gpt-4o": answer, "claude-3-5-sonnet": answer },
      { limits: { max_tokens: 50 } },
    );
    // Both first calls are asked at 0 tokens (in flight together) → 120; no second sample.
    expect(calls.map((c) => c.model)).toEqual(["gpt-4o", "claude-3-5-sonnet"]);
    expect(spent.tokens).toBe(120);
    expect(result.models.map((m) => m.ratings)).toEqual([[10], [10]]);
    expect(result.note).toBe("judge_limits reached: some judge calls were not made");
  });

  it("limits of 0 are no limits", async () => {
    const { calls } = await judged(
      rubric({ samples: 3 }),
      { "gpt-4o": [verdict(5, true, { tokens: 1000, costUsd: 1 })] },
      { limits: { max_tokens: 0, max_calls_usd: 0 }, budget: { usd: 50, tokens: 5000 } },
    );
    expect(calls).toHaveLength(3);
  });
});

describe("runJudges", () => {
  const spec = checkedSpec({
    name: "s",
    version_number: 1,
    judge_mode: "hybrid",
    validators: [PARIS],
    llm_judges: [
      rubric({ samples: 2 }),
      { key: "names_paris", mode: "assertion", model: "claude-3-5-sonnet", assertion: "Names Paris." },
    ],
    scorecard: {
      dimensions: [{ key: "q", source: "llm_judge", judge_key: "quality" }],
      judge_limits: { max_tokens: 100 },
    },
  });
  const script = {
    "gpt-4o": [verdict(8, true, { tokens: 40 })],
    "claude-3-5-sonnet": [verdict(9, true, { tokens: 40 })],
  };

  it("runs every judge in declaration order on one shared budget", async () => {
    const judgeCaller = scriptedJudge(script);
    const spent = budget();
    const results = await runJudges(spec, ctx, judgeCaller.call, spent);
    // quality: 2 calls (0 → 40 → 80); names_paris: 80 < 100 → 1 call → 120.
    expect(judgeCaller.calls.map((c) => c.model)).toEqual(["gpt-4o", "gpt-4o", "claude-3-5-sonnet"]);
    expect(results.map((r) => [r.key, r.score, r.passed, r.note ?? null])).toEqual([
      ["quality", expect.closeTo(4.2, 10), true, null], // 1 + 0.8 × 4
      ["names_paris", 5, true, null],
    ]);
    expect(spent.tokens).toBe(120);
  });

  it("a later judge makes no call once an earlier one spent the budget", async () => {
    const judgeCaller = scriptedJudge({ ...script, "gpt-4o": [verdict(8, true, { tokens: 60 })] });
    const results = await runJudges(spec, ctx, judgeCaller.call, budget());
    // quality: 0 → 60 → 120; names_paris: 120 ≥ 100 → no call.
    expect(judgeCaller.calls.map((c) => c.model)).toEqual(["gpt-4o", "gpt-4o"]);
    expect(results[1]).toMatchObject({
      key: "names_paris",
      score: null,
      passed: null,
      note: "judge_limits reached: some judge calls were not made",
    });
  });

  it("is empty for a spec without judges", async () => {
    const judgeCaller = scriptedJudge({});
    expect(await runJudges({}, ctx, judgeCaller.call, budget())).toEqual([]);
  });
});
