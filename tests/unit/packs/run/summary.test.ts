import { describe, expect, it } from "vitest";
import type { JudgeResult } from "@/lib/packs/run/judges";
import type { CaseScore } from "@/lib/packs/run/scorecard";
import type { SecurityFinding, SecurityScan } from "@/lib/packs/run/security";
import { summarizeRun, type SummaryCase } from "@/lib/packs/run/summary";

/** A case score with one accuracy dimension equal to the overall. */
const score = (overall: number, passed: boolean): CaseScore => ({
  dimensions: [
    {
      key: "accuracy",
      source: "validators",
      score: overall,
      passed: overall >= 0.5,
      gated: false,
      weight: 1,
      threshold: 0.5,
    },
  ],
  overall,
  passed,
  reason: "",
});

const finding: SecurityFinding = { kind: "planted_secret", name: "key", severity: "high", detail: "x" };
const scan = (findings: number): SecurityScan => ({
  findings: Array.from({ length: findings }, () => finding),
  passed: findings === 0,
});

function c(modelRef: string, caseKey: string, status: string, extra: Partial<SummaryCase> = {}): SummaryCase {
  const security = extra.kind === "security";
  return {
    modelRef,
    kind: "case",
    inputSetKey: security ? "@security" : "default",
    caseKey,
    status,
    latencyMs: null,
    tokens: null,
    costUsd: null,
    score: null,
    judges: [],
    security: null,
    ...extra,
  };
}

const done = (latencyMs: number, tokens: number, costUsd: number) => ({ latencyMs, tokens, costUsd });

const CASES: SummaryCase[] = [
  c("m1", "c1", "passed", { ...done(100, 10, 0.01), score: score(1, true) }),
  c("m1", "c2", "failed", { ...done(300, 20, 0.02), score: score(0.2, false) }),
  // The scorecard passed but the security scan found a leak: the case failed.
  c("m1", "c3", "failed", { ...done(200, 30, 0.03), score: score(0.9, true), security: scan(1) }),
  c("m1", "c4", "error", { tokens: 0, costUsd: 0, score: score(0, false) }),
  c("m1", "c5", "needs_sandbox"),
  c("m1", "c6", "pending"),
  c("m1", "c7", "cancelled"),
  c("m1", "ask", "passed", { kind: "security", ...done(50, 5, 0.005), security: scan(0) }),
  c("m1", "spell", "failed", { kind: "security", ...done(150, 4, 0.004), security: scan(2) }),
  c("m1", "translate", "pending", { kind: "security" }),
  c("m2", "c1", "passed", { ...done(400, 8, 0.1), score: score(0.8, true) }),
  // An error without a score (the case was not in the version) is counted but not scored.
  c("m2", "gone", "error"),
  c("ghost", "c1", "passed", { ...done(1, 1, 1), score: score(1, true) }),
];

describe("summarizeRun: per model", () => {
  const summary = summarizeRun(["m1", "m2", "m3"], CASES);
  const [m1, m2, m3] = summary.models;

  it("lists the run's models in order, ignoring cases of other models", () => {
    expect(summary.models.map((m) => m.model)).toEqual(["m1", "m2", "m3"]);
  });

  it("counts the cases by status", () => {
    // m1: 7 cases + 3 security tests; passed c1, ask; failed c2, c3, spell; pending c6, translate.
    expect(m1).toMatchObject({
      cases: 10,
      passed: 2,
      failed: 3,
      errors: 1,
      needsSandbox: 1,
      cancelled: 1,
      pending: 2,
    });
    expect(m2).toMatchObject({ cases: 2, passed: 1, failed: 0, errors: 1, needsSandbox: 0 });
  });

  it("scores the finished cases with a score; a security-failed case does not pass", () => {
    // Scored: c1, c2, c3, c4 (c5–c7 have none; security tests are not cases). Passed: c1 only
    // (c3's score passed but its status is failed) → 1/4.
    expect(m1?.scorecard).toEqual({
      cases: 4,
      passed: 1,
      passRate: 0.25,
      meanOverall: expect.closeTo(0.525, 10), // (1 + 0.2 + 0.9 + 0) / 4
      dimensions: [
        // accuracy ≥ 0.5 in c1 and c3 → 2/4
        { key: "accuracy", source: "validators", mean: expect.closeTo(0.525, 10), scored: 4, passRate: 0.5 },
      ],
    });
    expect(m2?.scorecard).toMatchObject({ cases: 1, passed: 1, passRate: 1, meanOverall: 0.8 });
  });

  it("adds up cost and tokens of every case and averages the measured latencies", () => {
    // 0.01 + 0.02 + 0.03 + 0 + 0.005 + 0.004
    expect(m1?.costUsd).toBeCloseTo(0.069, 10);
    // 10 + 20 + 30 + 0 + 5 + 4
    expect(m1?.tokens).toBe(69);
    // (100 + 300 + 200 + 50 + 150) / 5; null latencies are left out
    expect(m1?.meanLatencyMs).toBe(160);
    expect(m2).toMatchObject({ costUsd: 0.1, tokens: 8, meanLatencyMs: 400 });
  });

  it("counts finished security tests and every finding", () => {
    // Tests: ask, spell (translate is pending); findings: c3 1 + spell 2.
    expect(m1?.security).toEqual({ tests: 2, passed: 1, findings: 3 });
    expect(m2?.security).toEqual({ tests: 0, passed: 0, findings: 0 });
  });

  it("gives a model without cases empty totals", () => {
    expect(m3).toEqual({
      model: "m3",
      cases: 0,
      passed: 0,
      failed: 0,
      errors: 0,
      needsSandbox: 0,
      cancelled: 0,
      pending: 0,
      scorecard: { cases: 0, passed: 0, passRate: null, meanOverall: null, dimensions: [] },
      costUsd: 0,
      tokens: 0,
      meanLatencyMs: null,
      security: { tests: 0, passed: 0, findings: 0 },
    });
  });

  it("has no n_wise ranking without n_wise judges", () => {
    expect(summary.nWise).toEqual({});
  });
});

describe("summarizeRun: n_wise ranking", () => {
  const judge = (key: string, mode: string, s: number | null): JudgeResult => ({
    key,
    mode,
    score: s,
    passed: null,
    models: [],
    usage: { tokens: 0, costUsd: 0 },
  });
  const judged = (model: string, caseKey: string, judges: JudgeResult[]) =>
    c(model, caseKey, "passed", { judges, score: score(1, true) });

  const cases = [
    judged("a", "q1", [
      judge("best", "n_wise", 4),
      judge("quality", "rubric", 5),
      judge("style", "n_wise", 2),
    ]),
    judged("a", "q2", [judge("best", "n_wise", 2)]),
    judged("b", "q1", [judge("best", "n_wise", 3)]),
    judged("c", "q1", [judge("best", "n_wise", 5)]),
    judged("d", "q1", [judge("best", "n_wise", null)]),
    judged("e", "q1", [judge("best", "n_wise", 1)]),
  ];
  const { nWise } = summarizeRun(["a", "b", "c", "d", "e"], cases);

  it("ranks the models by mean score, best first; ties share a rank and the next rank skips", () => {
    // means: a (4 + 2) / 2 = 3, b 3, c 5, d none, e 1 → c 1, a and b 2, e 4, d unranked.
    expect(nWise.best).toEqual([
      { model: "a", meanScore: 3, rank: 2 },
      { model: "b", meanScore: 3, rank: 2 },
      { model: "c", meanScore: 5, rank: 1 },
      { model: "d", meanScore: null, rank: null },
      { model: "e", meanScore: 1, rank: 4 },
    ]);
  });

  it("ranks each n_wise judge on its own and leaves other modes out", () => {
    expect(Object.keys(nWise).sort()).toEqual(["best", "style"]);
    expect(nWise.style).toEqual([
      { model: "a", meanScore: 2, rank: 1 },
      { model: "b", meanScore: null, rank: null },
      { model: "c", meanScore: null, rank: null },
      { model: "d", meanScore: null, rank: null },
      { model: "e", meanScore: null, rank: null },
    ]);
  });
});
