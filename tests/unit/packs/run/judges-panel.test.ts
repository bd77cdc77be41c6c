import { describe, expect, it } from "vitest";
import type { LlmJudgeDeclaration } from "@/lib/packs/evaluation-spec";
import { runJudge } from "@/lib/packs/run/judges";
import { budget, ctx, judged, rubric } from "./judges-support";
import { scriptedJudge, verdict } from "./run-fixture";

describe("runJudge: several models", () => {
  const models = ["gpt-4o", "claude-3-5-sonnet", "gemini-1.5-pro"];
  const panel = (consensus: LlmJudgeDeclaration["consensus"], extra: LlmJudgeDeclaration = {}) =>
    rubric({ model: undefined, models, consensus, score_scale: { min: 0, max: 10 }, ...extra });
  // Ratings 2, 6, 9 on 0..10 → scores 2, 6, 9; verdicts fail, fail, pass.
  const split = {
    "gpt-4o": [verdict(2, false)],
    "claude-3-5-sonnet": [verdict(6, false)],
    "gemini-1.5-pro": [verdict(9, true)],
  };

  it("asks every model and reports each one", async () => {
    const { result, calls } = await judged(panel({ aggregation: "median" }), split);
    expect(calls.map((c) => c.model).sort()).toEqual([...models].sort());
    expect(result.models).toEqual([
      { model: "gpt-4o", ratings: [2], score: 2, passed: false },
      { model: "claude-3-5-sonnet", ratings: [6], score: 6, passed: false },
      { model: "gemini-1.5-pro", ratings: [9], score: 9, passed: true },
    ]);
  });

  it.each([
    // median(2, 6, 9) = 6; verdicts 1 of 3 pass → failed; 2 of 3 agree with it.
    ["median", 6, false, 2 / 3],
    // mean(2, 6, 9) = 17/3
    ["mean", 17 / 3, false, 2 / 3],
  ])("%s → score %d, passed %s, agreement %d", async (aggregation, score, passed, agreement) => {
    const { result } = await judged(panel({ aggregation }), split);
    expect(result.score).toBeCloseTo(score, 10);
    expect(result.passed).toBe(passed);
    expect(result.agreement).toBeCloseTo(agreement, 10);
    expect(result.flagged).toBe(false);
  });

  it("the median of an even count is the mean of the middle two", async () => {
    const { result } = await judged(
      panel({ aggregation: "median" }, { models: ["gpt-4o", "gpt-4.1", "claude-3-opus", "gemini-2.0"] }),
      {
        "gpt-4o": [verdict(10, true)],
        "gpt-4.1": [verdict(0, false)],
        "claude-3-opus": [verdict(6, true)],
        "gemini-2.0": [verdict(5, false)],
      },
    );
    // sorted 0, 5, 6, 10 → (5 + 6) / 2 = 5.5; verdicts 2 of 4 → not a majority → failed; 2/4 agree.
    expect(result).toMatchObject({ score: 5.5, passed: false, agreement: 0.5 });
  });

  it("leaves out a model without a rating or verdict", async () => {
    const { result } = await judged(panel({ aggregation: "mean" }), {
      ...split,
      "gpt-4o": [verdict(null, null, { error: "down" })],
    });
    // mean(6, 9) = 7.5; verdicts fail, pass → 1 of 2 is not a majority → failed; 1 of 2 agree.
    expect(result).toMatchObject({ score: 7.5, passed: false, agreement: 0.5 });
    expect(result.models[0]).toMatchObject({ score: null, passed: null, errors: ["down"] });
  });

  it("gives no score or verdict when no model answered", async () => {
    const down = [verdict(null, null, { error: "down" })];
    const { result } = await judged(panel({ aggregation: "median", flag_on_disagreement: true }), {
      "gpt-4o": down,
      "claude-3-5-sonnet": down,
      "gemini-1.5-pro": down,
    });
    // No verdict: agreement 0, which is under the default threshold 1.
    expect(result).toMatchObject({ score: null, passed: null, agreement: 0, flagged: true });
  });

  describe("assertion panels vote", () => {
    const assertPanel = (aggregation: string, extra: LlmJudgeDeclaration = {}) => ({
      key: "names_paris",
      mode: "assertion",
      models,
      assertion: "The answer names Paris.",
      consensus: { aggregation },
      ...extra,
    });
    const twoOfThree = {
      "gpt-4o": [verdict(8, true)],
      "claude-3-5-sonnet": [verdict(9, true)],
      "gemini-1.5-pro": [verdict(1, false)],
    };

    it.each([
      // 2 of 3 hold: the majority passes (score = max 5); 2 of 3 agree.
      ["majority_vote", true, 5, 2 / 3],
      // unanimous needs all 3: failed (score = min 1); only the one dissenter agrees with that.
      ["unanimous", false, 1, 1 / 3],
    ])("%s: 2 of 3 → passed %s, score %d, agreement %d", async (aggregation, passed, score, agreement) => {
      const { result } = await judged(assertPanel(aggregation), twoOfThree);
      expect(result.passed).toBe(passed);
      expect(result.score).toBe(score);
      expect(result.agreement).toBeCloseTo(agreement, 10);
    });

    it("unanimous passes when every model holds", async () => {
      const { result } = await judged(assertPanel("unanimous"), {
        ...twoOfThree,
        "gemini-1.5-pro": [verdict(7, true)],
      });
      expect(result).toMatchObject({ passed: true, score: 5, agreement: 1 });
    });

    it("expect: false inverts each model's verdict before the vote", async () => {
      const { result } = await judged(assertPanel("majority_vote", { expect: false }), twoOfThree);
      // Inverted: fail, fail, pass → 1 of 3 → failed, score min 1.
      expect(result).toMatchObject({ passed: false, score: 1 });
      expect(result.models.map((m) => m.passed)).toEqual([false, false, true]);
    });
  });

  it("unanimous on a numeric judge scores by the verdict, not the ratings", async () => {
    const { result } = await judged(panel({ aggregation: "unanimous" }), {
      "gpt-4o": [verdict(8, true)],
      "claude-3-5-sonnet": [verdict(9, true)],
      "gemini-1.5-pro": [verdict(7, true)],
    });
    // All pass → score = max of 0..10 = 10 (not the median 8).
    expect(result).toMatchObject({ passed: true, score: 10, agreement: 1 });
  });

  it.each([
    // agreement 2/3 ≈ 0.667
    [{ flag_on_disagreement: true }, true], // default threshold 1
    [{ flag_on_disagreement: true, min_agreement_threshold: 0.8 }, true],
    [{ flag_on_disagreement: true, min_agreement_threshold: 0.6 }, false],
    [{ flag_on_disagreement: true, min_agreement_threshold: 2 / 3 }, false], // not under the threshold
    [{ flag_on_disagreement: false, min_agreement_threshold: 0.8 }, false],
    [{}, false],
  ])("consensus %j → flagged %s", async (consensus, flagged) => {
    const { result } = await judged(panel({ aggregation: "median", ...consensus }), split);
    expect(result.flagged).toBe(flagged);
  });

  it("combines by median when the consensus names no aggregation (validation requires one)", async () => {
    const judge = panel({});
    const judgeCaller = scriptedJudge(split);
    const result = await runJudge(judge, {}, ctx, judgeCaller.call, budget());
    expect(result.score).toBe(6);
  });
});
