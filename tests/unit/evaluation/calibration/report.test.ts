import { describe, expect, it } from "vitest";
import {
  buildCalibrationReport,
  compareReports,
  majorityVerdict,
  publicSummary,
  summaryLine,
} from "@/lib/evaluation/calibration/report";
import type { CalibrationLabel, ExampleVerdicts, SampleOutcome } from "@/lib/evaluation/calibration/types";

let nextId = 0;
function ex(label: CalibrationLabel, outcomes: SampleOutcome[], id?: string): ExampleVerdicts {
  return {
    exampleId: id ?? `ex${++nextId}`,
    label,
    source: "creator",
    kind: null,
    verdicts: outcomes.map((outcome) => ({
      outcome,
      rating: null,
      evidence: `secret evidence for ${label}`,
    })),
  };
}
const times = (n: number, make: () => ExampleVerdicts) => Array.from({ length: n }, make);
const W: SampleOutcome[] = ["win", "win", "win"];
const N: SampleOutcome[] = ["no_win", "no_win", "no_win"];

describe("majority verdict", () => {
  it.each<[SampleOutcome[], CalibrationLabel]>([
    [["win", "win", "no_win"], "win"],
    [["win", "no_win"], "no_win"], // tie
    [["win", "error"], "no_win"], // tie with an error
    [["error", "error", "win"], "no_win"], // errors never win
    [["error", "error", "error"], "no_win"],
    [["win", "win", "error"], "win"],
    [[], "no_win"],
  ])("%j → %s", (outcomes, verdict) => {
    expect(majorityVerdict(outcomes)).toBe(verdict);
  });
});

describe("buildCalibrationReport: per example", () => {
  it("a tie is no_win, but a single winning sample is a false win and a flip", () => {
    const [e] = buildCalibrationReport([ex("no_win", ["win", "no_win"])]).perExample;
    expect(e).toMatchObject({ verdict: "no_win", agrees: true, falseWin: true, flipped: true });
  });

  it("errors count as not winning: false loss, error count, and a flip against win", () => {
    const [a, b, c] = buildCalibrationReport([
      ex("win", ["win", "win", "error"]),
      ex("win", ["error", "error", "win"]),
      ex("no_win", ["error", "error", "error"]),
    ]).perExample;
    expect(a).toMatchObject({ verdict: "win", agrees: true, falseLoss: true, flipped: true, errors: 1 });
    expect(b).toMatchObject({ verdict: "no_win", agrees: false, falseLoss: true, errors: 2 });
    expect(c).toMatchObject({ verdict: "no_win", agrees: true, falseWin: false, flipped: false, errors: 3 });
  });

  it("no_win and error are different outcomes, so they flip", () => {
    const [a, b] = buildCalibrationReport([ex("no_win", ["no_win", "error"]), ex("win", W)]).perExample;
    expect(a!.flipped).toBe(true);
    expect(b!.flipped).toBe(false);
    expect(b!.falseLoss).toBe(false);
  });
});

describe("buildCalibrationReport: totals and statistics", () => {
  it("perfect agreement on both classes → kappa 1, passed", () => {
    const r = buildCalibrationReport([...times(5, () => ex("win", W)), ...times(5, () => ex("no_win", N))]);
    expect(r).toMatchObject({ examples: 10, agreeing: 10, agreement: 1, kappa: 1, passed: true });
    expect(r.kappaInterval).toEqual({ low: 1, high: 1 });
    expect(r.failures).toEqual([]);
    expect(r.samplesPerExample).toBe(3);
  });

  it("a known 2x2 table: kappa 8/17 ≈ 0.471 with its interval", () => {
    // label×verdict: win/win 6, win/no 2, no/win 1, no/no 3; n = 12.
    // po = 9/12 = 0.75; label win 8/12, verdict win 7/12; pe = (8·7 + 4·5)/144 = 76/144 ≈ 0.5278.
    // kappa = (0.75 − 0.5278)/(1 − 0.5278) = (108 − 76)/(144 − 76) = 32/68 ≈ 0.4706.
    // SE = sqrt(0.75·0.25 / (12·(68/144)²)) = sqrt(0.1875 / 2.6759) ≈ 0.2647; 1.96·SE ≈ 0.5188.
    const r = buildCalibrationReport([
      ...times(6, () => ex("win", W)),
      ...times(2, () => ex("win", N)),
      ex("no_win", W),
      ...times(3, () => ex("no_win", N)),
    ]);
    expect(r.kappa).toBeCloseTo(0.471, 3);
    expect(r.kappaInterval.low).toBeCloseTo(-0.048, 3);
    expect(r.kappaInterval.high).toBeCloseTo(0.989, 3);
    expect(r.agreement).toBe(0.75);
  });

  it("Wilson interval for 9 agreeing of 10 ≈ [0.596, 0.982]", () => {
    const r = buildCalibrationReport([...times(9, () => ex("win", W)), ex("win", N)]);
    expect(r.agreement).toBe(0.9);
    expect(r.agreementInterval.low).toBeCloseTo(0.596, 3);
    expect(r.agreementInterval.high).toBeCloseTo(0.982, 3);
  });

  it("all of 100 agreeing: the interval ends at exactly 1 and starts near 0.963", () => {
    const r = buildCalibrationReport(times(100, () => ex("no_win", N)));
    expect(r.agreementInterval.high).toBe(1);
    expect(r.agreementInterval.low).toBeCloseTo(0.963, 3);
  });

  it("kappa is null (and its interval) when labels and verdicts are all one class", () => {
    const r = buildCalibrationReport(times(4, () => ex("win", W)));
    expect(r.kappa).toBeNull();
    expect(r.kappaInterval).toEqual({ low: null, high: null });
    expect(r.agreement).toBe(1);
    expect(r.passed).toBe(true);
  });

  it("kappa can be negative and its interval is clipped to [-1, 1]", () => {
    const r = buildCalibrationReport([ex("win", N), ex("win", N), ex("no_win", W), ex("no_win", W)]);
    expect(r.kappa).toBe(-1);
    expect(r.kappaInterval).toEqual({ low: -1, high: -1 });
  });

  it("counts false wins, false losses, flips, errors and the largest k", () => {
    const r = buildCalibrationReport([
      ex("no_win", ["no_win", "win", "no_win"]),
      ex("win", ["win", "error", "win", "win", "win"]),
      ex("win", ["win"]),
    ]);
    expect(r).toMatchObject({ falseWins: 1, falseLosses: 1, flips: 2, errors: 1, samplesPerExample: 5 });
    expect(r.flipRate).toBeCloseTo(2 / 3, 10);
  });

  it("every missed threshold is one sentence", () => {
    const r = buildCalibrationReport([
      ...times(2, () => ex("no_win", ["win", "no_win", "no_win"])), // false win, flipped, agrees
      ...times(2, () => ex("win", N)), // disagree
      ...times(6, () => ex("win", W)),
    ]);
    expect(r.passed).toBe(false);
    expect(r.failures).toEqual([
      "2 false wins (allowed 0)",
      "flip rate 20 % (allowed 10 %)",
      "agreement 80 % (needed 90 %)",
    ]);
  });

  it("one false win is singular, and custom thresholds are applied", () => {
    const examples = [ex("no_win", ["win", "no_win", "no_win"]), ...times(3, () => ex("win", W))];
    const strict = buildCalibrationReport(examples);
    expect(strict.failures).toEqual(["1 false win (allowed 0)", "flip rate 25 % (allowed 10 %)"]);
    const lenient = buildCalibrationReport(examples, { maxFalseWins: 1, maxFlipRate: 0.25, minAgreement: 1 });
    expect(lenient.passed).toBe(true);
    expect(lenient.thresholds.maxFalseWins).toBe(1);
  });

  it("exactly at the thresholds (27/30 agree, 3/30 flip) passes", () => {
    const r = buildCalibrationReport([
      ...times(3, () => ex("win", ["win", "win", "no_win"])),
      ...times(3, () => ex("win", N)),
      ...times(24, () => ex("win", W)),
    ]);
    expect(r).toMatchObject({ agreeing: 27, flips: 3, passed: true, failures: [] });
  });

  it("no examples: nothing passes and nothing divides by zero", () => {
    const r = buildCalibrationReport([]);
    expect(r).toMatchObject({
      examples: 0,
      samplesPerExample: 0,
      agreement: 0,
      flipRate: 0,
      kappa: null,
      passed: false,
      failures: ["no examples"],
    });
    expect(r.agreementInterval).toEqual({ low: null, high: null });
    expect(r.kappaInterval).toEqual({ low: null, high: null });
  });
});

describe("compareReports", () => {
  it("gives the deltas and the examples whose verdict changed", () => {
    const before = buildCalibrationReport([
      ex("win", N, "a"),
      ex("no_win", N, "b"),
      ex("win", W, "c"),
      ex("no_win", N, "gone"),
    ]);
    const after = buildCalibrationReport([
      ex("win", W, "a"), // fixed
      ex("no_win", W, "b"), // regressed
      ex("win", ["win", "win", "no_win"], "c"), // same verdict, now flips
      ex("win", W, "new"),
    ]);
    const diff = compareReports(before, after);
    expect(diff.changedExampleIds).toEqual(["a", "b"]);
    expect(diff.verdictChanges).toEqual([
      { exampleId: "a", label: "win", before: "no_win", after: "win", nowAgrees: true },
      { exampleId: "b", label: "no_win", before: "no_win", after: "win", nowAgrees: false },
    ]);
    expect(diff.agreement).toEqual({ before: 0.75, after: 0.75, delta: 0 });
    expect(diff.falseWins).toEqual({ before: 0, after: 1, delta: 1 });
    expect(diff.falseLosses).toEqual({ before: 1, after: 1, delta: 0 });
    expect(diff.flipRate).toEqual({ before: 0, after: 0.25, delta: 0.25 });
    // before: po 3/4, pe (2·1 + 2·3)/16 = 1/2 → kappa 1/2; after: every verdict win, po = pe = 3/4 → 0.
    expect(diff.kappa.before).toBeCloseTo(0.5, 10);
    expect(diff.kappa.after).toBeCloseTo(0, 10);
    expect(diff.kappa.delta).toBeCloseTo(-0.5, 10);
    expect(diff.passed).toEqual({ before: false, after: false });
    expect(diff.addedExampleIds).toEqual(["new"]);
    expect(diff.removedExampleIds).toEqual(["gone"]);
  });

  it("a null kappa on either side gives a null delta", () => {
    const before = buildCalibrationReport([ex("win", W, "a")]);
    const after = buildCalibrationReport([ex("win", W, "a"), ex("no_win", N, "b")]);
    expect(compareReports(before, after).kappa).toEqual({ before: null, after: 1, delta: null });
  });
});

describe("publicSummary and summaryLine", () => {
  const report = buildCalibrationReport([
    ...times(23, () => ex("win", W)),
    ex("no_win", ["no_win", "error", "no_win"]),
  ]);

  it("keeps counts only: no example, verdict or evidence", () => {
    const summary = publicSummary(report, 3, new Date("2026-11-28T12:00:00.000Z"));
    expect(summary).toEqual({
      examples: 24,
      agreeing: 24,
      flips: 1,
      passed: true, // 1 flip in 24 is 4.2 %

      version: 3,
      checkedAt: "2026-11-28T12:00:00.000Z",
    });
    expect(JSON.stringify(summary)).not.toMatch(/evidence|ex\d|verdict/);
  });

  it.each([
    [{ examples: 24, agreeing: 24, flips: 0 }, "Judge checked on 24 examples: 24 agree, 0 flips"],
    [{ examples: 1, agreeing: 1, flips: 1 }, "Judge checked on 1 example: 1 agrees, 1 flip"],
    [{ examples: 2, agreeing: 0, flips: 2 }, "Judge checked on 2 examples: 0 agree, 2 flips"],
  ])("%j → %s", (counts, line) => {
    expect(summaryLine({ ...counts, passed: true, version: null, checkedAt: "2026-01-01" })).toBe(line);
  });
});
