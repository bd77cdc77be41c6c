import { describe, expect, it } from "vitest";
import {
  aggregateModel,
  combineJudges,
  type JudgeAggregation,
  type JudgeSample,
} from "@/lib/evaluation/consensus";

const s = (rating: number | null, passed: boolean | null, error?: string): JudgeSample => ({
  rating,
  passed,
  ...(error ? { error } : {}),
});
const model = (...samples: JudgeSample[]) => aggregateModel(samples);
const combine = (
  models: ReturnType<typeof model>[],
  aggregation: JudgeAggregation = "median",
  minAgreement = 0,
) => combineJudges(models, { aggregation, minAgreement });

describe("aggregateModel", () => {
  it("one sample is that sample", () => {
    expect(model(s(8, true))).toMatchObject({ rating: 8, passed: true });
  });

  it("takes the mean rating and the majority verdict", () => {
    // mean(6, 9, 3) = 6; 2 of 3 pass
    expect(model(s(6, true), s(9, true), s(3, false))).toMatchObject({ rating: 6, passed: true });
  });

  it("a tie is not a pass", () => {
    expect(model(s(10, true), s(0, false))).toMatchObject({ rating: 5, passed: false });
  });

  it("a sample with an error gives neither rating nor verdict, even if it claims a pass", () => {
    // Only (4, false) counts: the errored (10, true) is left out.
    expect(model(s(10, true, "timeout"), s(4, false))).toMatchObject({ rating: 4, passed: false });
    expect(model(s(10, true, "timeout"))).toMatchObject({ rating: null, passed: null });
  });
});

describe("combineJudges", () => {
  it("one model, one sample: today's single verdict, full agreement", () => {
    for (const aggregation of ["median", "mean", "majority", "unanimous"] as const) {
      const pass = combine([model(s(8, true))], aggregation, 1);
      expect(pass).toMatchObject({ passed: true, agreement: 1, contested: false });
      expect(combine([model(s(2, false))], aggregation, 1)).toMatchObject({ passed: false, agreement: 1 });
    }
    expect(combine([model(s(8, true))], "median")).toEqual({
      rating: 8,
      passed: true,
      agreement: 1,
      contested: false,
    });
  });

  it.each<[JudgeAggregation, number | null, boolean, number]>([
    // ratings 2, 6, 9; verdicts fail, fail, pass
    ["median", 6, false, 2 / 3],
    ["mean", 17 / 3, false, 2 / 3],
    ["majority", null, false, 2 / 3],
    ["unanimous", null, false, 2 / 3],
  ])("three models by %s → rating %s, passed %s, agreement %d", (aggregation, rating, passed, agreement) => {
    const c = combine([model(s(2, false)), model(s(6, false)), model(s(9, true))], aggregation);
    if (rating !== null) expect(c.rating).toBeCloseTo(rating, 10);
    else expect(c.rating).toBeNull();
    expect(c.passed).toBe(passed);
    expect(c.agreement).toBeCloseTo(agreement, 10);
  });

  it("unanimous fails on one dissent; only the dissenter agrees with that", () => {
    const c = combine([model(s(8, true)), model(s(9, true)), model(s(1, false))], "unanimous");
    expect(c).toMatchObject({ passed: false });
    expect(c.agreement).toBeCloseTo(1 / 3, 10);
    expect(combine([model(s(8, true)), model(s(9, true))], "unanimous")).toMatchObject({
      passed: true,
      agreement: 1,
    });
  });

  it("a tie between models is not a pass; half agree; the even median is the middle mean", () => {
    const c = combine([model(s(10, true)), model(s(0, false)), model(s(6, true)), model(s(5, false))]);
    expect(c).toEqual({ rating: 5.5, passed: false, agreement: 0.5, contested: false });
  });

  it("one model with several samples: the samples vote", () => {
    // Samples 9 pass, 8 pass, 2 fail: median 8, 2 of 3 pass, 2/3 agree.
    const c = combine([model(s(9, true), s(8, true), s(2, false))], "median", 0.7);
    expect(c.rating).toBe(8);
    expect(c.passed).toBe(true);
    expect(c.agreement).toBeCloseTo(2 / 3, 10);
    expect(c.contested).toBe(true);
    // Unanimous over the samples: one failing sample fails it.
    expect(combine([model(s(9, true), s(8, true), s(2, false))], "unanimous").passed).toBe(false);
  });

  it("errored samples and models do not vote", () => {
    // One model: samples (9, pass), error, error → the one usable sample decides, agreement 1.
    expect(combine([model(s(9, true), s(null, null, "x"), s(null, null, "x"))])).toMatchObject({
      passed: true,
      agreement: 1,
    });
    // Models: one failed entirely; the other two split → tie → fail, half agree.
    expect(combine([model(s(null, null, "down")), model(s(8, true)), model(s(3, false))])).toEqual({
      rating: 5.5,
      passed: false,
      agreement: 0.5,
      contested: false,
    });
  });

  it("no verdict at all: passed null, agreement 0", () => {
    expect(combine([model(s(null, null, "down")), model(s(null, null, "down"))], "median", 0.5)).toEqual({
      rating: null,
      passed: null,
      agreement: 0,
      contested: true,
    });
  });

  it.each([
    [0, false],
    [0.6, false],
    [2 / 3, false], // not under the minimum
    [0.7, true],
    [1, true],
  ])("minAgreement %d → contested %s (agreement 2/3)", (minAgreement, contested) => {
    const c = combine([model(s(8, true)), model(s(9, true)), model(s(1, false))], "majority", minAgreement);
    expect(c.contested).toBe(contested);
  });
});
