import { describe, expect, it } from "vitest";
import { readCaseResult } from "@/components/packs/runs/case-result";
import {
  etaParts,
  percent,
  progressPercent,
  score,
  signed,
  signedPoints,
  tone,
  usd,
} from "@/components/packs/runs/format";

// The run pages' number formats and their defensive reading of a stored case result.

describe("run page formats", () => {
  it.each([
    { done: 0, total: 21, want: 0 },
    { done: 1, total: 21, want: 4 },
    { done: 20, total: 21, want: 95 },
    // 199 of 200 is 99.5%: shown as 99 until the last case is in.
    { done: 199, total: 200, want: 99 },
    { done: 21, total: 21, want: 100 },
    { done: 0, total: 0, want: 100 },
  ])("progress $done/$total is $want%", ({ done, total, want }) => {
    expect(progressPercent(done, total)).toBe(want);
  });

  it.each([
    { seconds: 0, want: { unit: "s", n: 1 } },
    { seconds: 11.2, want: { unit: "s", n: 12 } },
    { seconds: 59, want: { unit: "s", n: 59 } },
    { seconds: 60, want: { unit: "min", n: 1 } },
    { seconds: 61, want: { unit: "min", n: 2 } },
    { seconds: 3599, want: { unit: "min", n: 60 } },
    { seconds: 3600, want: { unit: "h", n: 1 } },
    { seconds: 5401, want: { unit: "h", n: 1.6 } },
  ])("eta of $seconds s", ({ seconds, want }) => {
    expect(etaParts(seconds)).toEqual(want);
  });

  it("formats rates, scores, changes and money", () => {
    expect(percent(0.8333)).toBe("83%");
    expect(percent(null)).toBe("—");
    expect(score(0.38888)).toBe("0.39");
    expect(signed(0.123)).toBe("+0.12");
    expect(signed(-0.05)).toBe("−0.05");
    expect(signed(0.001)).toBe("0.00");
    expect(signed(null)).toBe("—");
    expect(signedPoints(0.1428)).toBe("+14 pt");
    expect(signedPoints(-0.05)).toBe("−5 pt");
    expect(signedPoints(0.004)).toBe("0 pt");
    expect(usd(0)).toBe("$0");
    expect(usd(0.000123)).toBe("$0.00012");
    expect(usd(1.5)).toBe("$1.50");
    expect([tone("completed"), tone("error"), tone("needs_sandbox"), tone("running")]).toEqual([
      "ok",
      "bad",
      "warn",
      "neutral",
    ]);
  });
});

describe("readCaseResult", () => {
  it("reads a case result as lib/packs/run/execute.ts writes it", () => {
    const view = readCaseResult({
      prompt: { system: "Answer with the city name only.", user: "What is the capital of France?" },
      validators: [{ key: "exact", type: "exact_match", passed: true, score: 1, evidence: "equal" }],
      judges: [
        {
          key: "helpful",
          mode: "rubric",
          score: 4.2,
          passed: true,
          models: [
            { model: "gpt-4o-mini", resolvedModel: "offline:judge", ratings: [8], score: 4.2, passed: true },
          ],
          agreement: 0.5,
          flagged: true,
        },
      ],
      score: {
        dimensions: [{ key: "accuracy", source: "validators", score: 1, passed: true }],
        overall: 0.9,
        passed: true,
        reason: "ok",
      },
      security: {
        findings: [{ kind: "planted_secret", name: "admin", severity: "critical", detail: "spelled" }],
        passed: false,
      },
      inputTokens: 12,
    });
    expect(view.prompt?.user).toBe("What is the capital of France?");
    expect(view.validators).toEqual([
      { key: "exact", type: "exact_match", passed: true, score: 1, evidence: "equal" },
    ]);
    expect(view.judges[0]).toMatchObject({ key: "helpful", agreement: 0.5, flagged: true });
    expect(view.judges[0]?.models[0]).toMatchObject({ resolvedModel: "offline:judge", ratings: [8] });
    expect(view.score).toMatchObject({ overall: 0.9, passed: true, reason: "ok" });
    expect(view.security?.findings).toHaveLength(1);
  });

  it("keeps the readable parts when one part is malformed, and reads null as empty", () => {
    const view = readCaseResult({
      prompt: { system: "s", user: "u" },
      validators: "not a list",
      judges: [{ key: "j", mode: "rubric", score: "high", passed: null, models: [] }],
      score: null,
    });
    expect(view.prompt).toEqual({ system: "s", user: "u" });
    expect(view.validators).toEqual([]);
    expect(view.judges).toEqual([{ key: "j", mode: "rubric", score: null, passed: null, models: [] }]);
    expect(view.security).toBeNull();
    expect(readCaseResult(null)).toEqual({
      prompt: null,
      validators: [],
      judges: [],
      score: null,
      security: null,
    });
  });
});
