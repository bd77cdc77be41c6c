import { describe, expect, it } from "vitest";
import { checkEvaluationSpec, type EvaluationSpec } from "@/lib/packs/evaluation-spec";
import {
  DEFAULT_PASS_THRESHOLD,
  aggregateRun,
  judgeScale,
  normalizeAgainst,
  scoreCase,
  type CaseResults,
  type CaseScore,
} from "@/lib/packs/run/scorecard";

const base: EvaluationSpec = {
  name: "s",
  version_number: 1,
  judge_mode: "hybrid",
  validators: [
    { key: "exact", type: "exact_match", target: "final_output", expected_from: "literal:a" },
    { key: "has", type: "contains", target: "final_output", expected_from: "literal:b" },
    { key: "f1", type: "token_f1", target: "final_output", expected_from: "literal:c" },
  ],
  llm_judges: [
    { key: "quality", mode: "rubric", model: "gpt-4o", rubric: "r", score_scale: { min: 0, max: 10 } },
    { key: "tone", mode: "rubric", model: "gpt-4o", rubric: "r" },
  ],
  metrics: [{ key: "words", type: "numeric", collector: "word_count" }],
  runtime_limits: { max_duration_ms: 9000, max_cost_usd: 0.5 },
};

/** The base spec with this scorecard; refuses a spec the pack validator would refuse. */
function spec(scorecard: EvaluationSpec["scorecard"], extra: Partial<EvaluationSpec> = {}): EvaluationSpec {
  const full: EvaluationSpec = { ...base, ...extra, scorecard };
  const errors = checkEvaluationSpec(full);
  if (errors.length > 0) throw new Error(`invalid test spec: ${JSON.stringify(errors)}`);
  return full;
}

const results = (over: Partial<CaseResults> = {}): CaseResults => ({
  validators: {
    exact: { passed: true, score: 1 },
    has: { passed: false, score: 0 },
    f1: { passed: true, score: 0.5 },
  },
  judges: { quality: { score: 8 }, tone: { score: 4 } },
  latencyMs: 1000,
  costUsd: 0.01,
  metrics: { words: 150 },
  ...over,
});

const dim = (score: CaseScore, key: string) => score.dimensions.find((d) => d.key === key);

describe("normalizeAgainst (latency, cost, metrics)", () => {
  it.each([
    // lower is better: target 1000, max 5000
    [500, 1000, 5000, 1],
    [1000, 1000, 5000, 1],
    [3000, 1000, 5000, 0.5], // (5000 - 3000) / (5000 - 1000) = 0.5
    [4000, 1000, 5000, 0.25], // 1000 / 4000
    [5000, 1000, 5000, 0],
    [9000, 1000, 5000, 0],
    [0, 0, 0.1, 1], // cost target 0
    // higher is better: target 100, max (the floor) 0
    [150, 100, 0, 1],
    [100, 100, 0, 1],
    [25, 100, 0, 0.25], // (0 - 25) / (0 - 100)
    [0, 100, 0, 0],
    [-5, 100, 0, 0],
  ])("value %d, target %d, max %d → %d", (value, target, max, expected) => {
    expect(normalizeAgainst(value, target, max)).toBeCloseTo(expected, 10);
  });

  it("treats a degenerate target = max as a pass line in the dimension's direction", () => {
    expect(normalizeAgainst(5, 5, 5, "lower")).toBe(1);
    expect(normalizeAgainst(6, 5, 5, "lower")).toBe(0);
    expect(normalizeAgainst(4, 5, 5, "higher")).toBe(0);
    expect(normalizeAgainst(5, 5, 5, "higher")).toBe(1);
  });
});

describe("judgeScale", () => {
  it("uses the judge's scale, 1..5 without one, 0 for a missing bound", () => {
    expect(judgeScale({ score_scale: { min: 0, max: 10 } })).toEqual({ min: 0, max: 10 });
    expect(judgeScale({})).toEqual({ min: 1, max: 5 });
    expect(judgeScale(undefined)).toEqual({ min: 1, max: 5 });
    expect(judgeScale({ score_scale: { max: 100 } })).toEqual({ min: 0, max: 100 });
  });
});

describe("dimension sources", () => {
  const all = spec({
    dimensions: [
      "correctness",
      { key: "exact_only", source: "validators", validators: ["exact", "f1"] },
      { key: "quality", source: "llm_judge", judge_key: "quality" },
      { key: "tone", source: "llm_judge", judge_key: "tone" },
      "latency",
      "cost",
      {
        key: "words",
        source: "metric",
        metric: "words",
        better_direction: "higher",
        normalization: { target: 200, max: 0 },
      },
      "reliability",
    ],
    normalization: { latency: { target_ms: 500, max_ms: 2500 }, cost: { target_usd: 0 } },
  });
  const scored = scoreCase(all, results());

  it.each([
    ["correctness", 0.5], // all validators: (1 + 0 + 0.5) / 3
    ["exact_only", 0.75], // (1 + 0.5) / 2
    ["quality", 0.8], // (8 - 0) / (10 - 0)
    ["tone", 0.75], // default 1..5: (4 - 1) / (5 - 1)
    ["latency", 0.75], // (2500 - 1000) / (2500 - 500)
    ["cost", 0.98], // max from runtime_limits.max_cost_usd 0.5: (0.5 - 0.01) / (0.5 - 0)
    ["words", 0.75], // higher: (0 - 150) / (0 - 200)
    ["reliability", 1],
  ])("%s → %d", (key, expected) => {
    expect(dim(scored, key)?.score).toBeCloseTo(expected, 10);
  });

  it("reliability is 0 with a runtime error, and the error is the note", () => {
    const failed = scoreCase(all, results({ error: "model timed out" }));
    expect(dim(failed, "reliability")).toMatchObject({ score: 0, note: "model timed out" });
  });

  it("a listed validator without a result counts as 0 and is named", () => {
    const missing = scoreCase(all, results({ validators: { exact: { passed: true, score: 1 } } }));
    // (1 + 0 + 0) / 3
    expect(dim(missing, "correctness")?.score).toBeCloseTo(1 / 3, 10);
    expect(dim(missing, "correctness")?.note).toBe("no result for has, f1 (counted as 0)");
  });

  it("judge scores outside the scale are clamped", () => {
    const wild = scoreCase(all, results({ judges: { quality: { score: 12 }, tone: { score: 0 } } }));
    expect(dim(wild, "quality")?.score).toBe(1);
    expect(dim(wild, "tone")?.score).toBe(0);
  });

  it.each([
    [{ judges: { tone: { score: 4 } } }, "quality", "judge quality gave no score"],
    [{ judges: { quality: { score: null }, tone: { score: 4 } } }, "quality", "judge quality gave no score"],
    [{ metrics: {} }, "words", "metric words was not measured"],
    [{ latencyMs: Number.NaN }, "latency", "latency was not measured"],
  ])("%j leaves %s unscored", (over, key, note) => {
    expect(dim(scoreCase(all, results(over)), key)).toMatchObject({ score: null, passed: null, note });
  });

  it("behavioral is not scored on text runs", () => {
    const behavioral = scoreCase(
      spec(
        { dimensions: ["correctness", "behavioral"] },
        { behavioral: { signals: [{ key: "scope_adherence", weight: 1 }] } },
      ),
      results(),
    );
    expect(dim(behavioral, "behavioral")).toMatchObject({
      score: null,
      note: "behavioral signals are not available on text runs",
    });
    // Left out of the mean: overall = correctness alone = 0.5.
    expect(behavioral.overall).toBeCloseTo(0.5, 10);
    expect(behavioral.reason).toContain(
      "not scored: behavioral (behavioral signals are not available on text runs)",
    );
  });
});

describe("weighted strategy", () => {
  it("weighted mean vs the scorecard's threshold", () => {
    const s = spec({
      dimensions: [
        { key: "correctness", weight: 3 },
        { key: "quality", source: "llm_judge", judge_key: "quality", weight: 1 },
      ],
      strategy: "weighted",
      pass_threshold: 0.6,
    });
    // correctness 0.5 × 3 + quality 0.8 × 1 = 2.3; / 4 = 0.575 < 0.6
    const failed = scoreCase(s, results());
    expect(failed.overall).toBeCloseTo(0.575, 10);
    expect(failed.passed).toBe(false);
    expect(failed.reason).toBe("failed: weighted score 0.575 < 0.6");
    // quality 10/10: (1.5 + 1) / 4 = 0.625 ≥ 0.6
    const passed = scoreCase(s, results({ judges: { quality: { score: 10 } } }));
    expect(passed.overall).toBeCloseTo(0.625, 10);
    expect(passed.passed).toBe(true);
    expect(passed.reason).toBe("passed: weighted score 0.625 >= 0.6");
  });

  it(`defaults the threshold to ${DEFAULT_PASS_THRESHOLD} and the strategy to weighted`, () => {
    // correctness 0.5 alone: 0.5 ≥ 0.5
    expect(scoreCase(spec({ dimensions: ["correctness"] }), results()).passed).toBe(true);
    // validators 0, 0, 0.5 → 1/6 < 0.5
    const low = results({
      validators: {
        exact: { passed: false, score: 0 },
        has: { passed: false, score: 0 },
        f1: { passed: true, score: 0.5 },
      },
    });
    expect(scoreCase(spec({ dimensions: ["correctness"] }), low).passed).toBe(false);
  });

  it("null dimensions leave the mean; weight 0 dimensions are shown but not counted", () => {
    const s = spec({
      dimensions: [
        { key: "correctness", weight: 1 },
        { key: "quality", source: "llm_judge", judge_key: "quality", weight: 5 },
        { key: "latency", weight: 0, normalization: { target: 500, max: 1500 } },
      ],
    });
    // quality null: overall = correctness alone = 0.5 (latency has weight 0; its score 0.5 is reported)
    const scored = scoreCase(s, results({ judges: {} }));
    expect(scored.overall).toBeCloseTo(0.5, 10);
    expect(dim(scored, "latency")?.score).toBeCloseTo(0.5, 10); // (1500 - 1000) / 1000
    expect(scored.reason).toBe(
      "passed: weighted score 0.5 >= 0.5; not scored: quality (judge quality gave no score)",
    );
  });

  it("fails when nothing with weight was scored", () => {
    const s = spec({ dimensions: [{ key: "quality", source: "llm_judge", judge_key: "quality" }] });
    const scored = scoreCase(s, results({ judges: {} }));
    expect(scored).toMatchObject({ overall: null, passed: false });
    expect(scored.reason).toMatch(/^failed: no weighted dimension was scored/);
  });

  it("reports per-dimension thresholds without letting them decide", () => {
    const s = spec({ dimensions: [{ key: "correctness", pass_threshold: 0.9 }, { key: "reliability" }] });
    // (0.5 + 1) / 2 = 0.75 ≥ 0.5, although correctness misses its own 0.9
    const scored = scoreCase(s, results());
    expect(dim(scored, "correctness")).toMatchObject({ passed: false, threshold: 0.9 });
    expect(dim(scored, "reliability")?.passed).toBeNull();
    expect(scored.passed).toBe(true);
  });
});

describe("binary strategy", () => {
  const s = spec({
    strategy: "binary",
    dimensions: [
      { key: "correctness", pass_threshold: 0.5 },
      { key: "quality", source: "llm_judge", judge_key: "quality", pass_threshold: 0.7 },
    ],
  });

  it("passes when every dimension meets its threshold (no overall threshold)", () => {
    // correctness 0.5 ≥ 0.5, quality 0.8 ≥ 0.7; overall (0.5 + 0.8) / 2 = 0.65 is informative only
    const scored = scoreCase(s, results());
    expect(scored.passed).toBe(true);
    expect(scored.overall).toBeCloseTo(0.65, 10);
    expect(scored.reason).toBe("passed: all 2 dimensions met their thresholds");
  });

  it("fails on one dimension below, however high the mean", () => {
    // quality 6/10 = 0.6 < 0.7; correctness 1
    const scored = scoreCase(
      s,
      results({
        judges: { quality: { score: 6 } },
        validators: {
          exact: { passed: true, score: 1 },
          has: { passed: true, score: 1 },
          f1: { passed: true, score: 1 },
        },
      }),
    );
    expect(scored.overall).toBeCloseTo(0.8, 10);
    expect(scored.passed).toBe(false);
    expect(scored.reason).toBe("failed: quality 0.6 < 0.7");
  });

  it("fails when a thresholded dimension could not be scored", () => {
    const scored = scoreCase(s, results({ judges: {} }));
    expect(scored.passed).toBe(false);
    expect(scored.reason).toBe(
      "failed: quality not scored; not scored: quality (judge quality gave no score)",
    );
  });
});

describe("hybrid strategy", () => {
  const s = spec({
    strategy: "hybrid",
    pass_threshold: 0.7,
    dimensions: [
      { key: "safety", source: "validators", validators: ["has"], gate: true, pass_threshold: 1 },
      { key: "correctness", weight: 2 },
      { key: "quality", source: "llm_judge", judge_key: "quality", weight: 2 },
    ],
  });
  const allPass = {
    exact: { passed: true, score: 1 },
    has: { passed: true, score: 1 },
    f1: { passed: true, score: 1 },
  };

  it("gates pass, then the weighted mean decides", () => {
    // safety 1 ≥ 1; weights 1, 2, 2: (1 + 2 × 1 + 2 × 0.8) / 5 = 4.6 / 5 = 0.92 ≥ 0.7
    const scored = scoreCase(s, results({ validators: allPass }));
    expect(scored.overall).toBeCloseTo(0.92, 10);
    expect(scored.passed).toBe(true);
    expect(scored.reason).toBe("passed: gates passed, weighted score 0.92 >= 0.7");
    // quality 2/10: (1 + 2 + 0.4) / 5 = 0.68 < 0.7
    const low = scoreCase(s, results({ validators: allPass, judges: { quality: { score: 2 } } }));
    expect(low.overall).toBeCloseTo(0.68, 10);
    expect(low.passed).toBe(false);
  });

  it("a failed gate fails the case even with a high mean", () => {
    // has 0.9 < 1 (gate); mean (0.9 + 2 × 0.9667 + 2 × 1) / 5 ≈ 0.9667 ≥ 0.7, still failed
    const validators = {
      exact: { passed: true, score: 1 },
      has: { passed: false, score: 0.9 },
      f1: { passed: true, score: 1 },
    };
    const scored = scoreCase(s, results({ validators, judges: { quality: { score: 10 } } }));
    expect(scored.overall).toBeGreaterThan(0.9);
    expect(dim(scored, "safety")).toMatchObject({ gated: true, passed: false, threshold: 1 });
    expect(scored.passed).toBe(false);
    expect(scored.reason).toBe("failed gate: safety 0.9 < 1");
  });

  it("a gate that could not be scored fails the case", () => {
    const gatedJudge = spec({
      strategy: "hybrid",
      dimensions: [
        "correctness",
        { key: "quality", source: "llm_judge", judge_key: "quality", gate: true, pass_threshold: 0.5 },
      ],
    });
    const scored = scoreCase(gatedJudge, results({ judges: {} }));
    expect(scored.passed).toBe(false);
    expect(scored.reason).toMatch(/^failed gate: quality not scored/);
  });
});

describe("aggregateRun", () => {
  it("pass rate, mean overall and per-dimension means over the scored cases", () => {
    const s = spec({
      dimensions: [
        { key: "correctness", pass_threshold: 0.5 },
        { key: "quality", source: "llm_judge", judge_key: "quality" },
      ],
    });
    const a = scoreCase(s, results()); // correctness 0.5, quality 0.8 → overall 0.65, passed
    const b = scoreCase(s, results({ judges: {} })); // correctness 0.5, quality null → 0.5, passed
    const c = scoreCase(
      s,
      results({ validators: { exact: { passed: false, score: 0 } }, judges: { quality: { score: 2 } } }),
    ); // correctness 0, quality 0.2 → 0.1, failed
    const run = aggregateRun([a, b, c]);
    expect(run).toMatchObject({ cases: 3, passed: 2 });
    expect(run.passRate).toBeCloseTo(2 / 3, 10);
    expect(run.meanOverall).toBeCloseTo((0.65 + 0.5 + 0.1) / 3, 10);
    expect(run.dimensions).toHaveLength(2);
    expect(run.dimensions[0]).toMatchObject({ key: "correctness", source: "validators", scored: 3 });
    expect(run.dimensions[0]?.mean).toBeCloseTo((0.5 + 0.5 + 0) / 3, 10);
    expect(run.dimensions[0]?.passRate).toBeCloseTo(2 / 3, 10); // 0.5, 0.5 pass; 0 fails
    expect(run.dimensions[1]).toMatchObject({ key: "quality", scored: 2, passRate: null });
    expect(run.dimensions[1]?.mean).toBeCloseTo((0.8 + 0.2) / 2, 10);
  });

  it("an empty run has no rates", () => {
    expect(aggregateRun([])).toEqual({
      cases: 0,
      passed: 0,
      passRate: null,
      meanOverall: null,
      dimensions: [],
    });
  });
});
