// The pack-run commands' text: the progress bar and its ETA, the plain progress line for logs, the
// summary per model, one line per case, the pack@version and --judge-model arguments, and the
// reporter that redraws the bar on a terminal but writes one line per change elsewhere.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { PackRunView } from "@/lib/contracts/pack-runs";
import {
  caseLine,
  etaText,
  parseJudgeModels,
  parsePackRef,
  percent,
  progressBar,
  progressLine,
  summaryLines,
} from "@/scripts/gauntlet/format";
import { progressReporter } from "@/scripts/gauntlet/progress";
import { ApiError, EXIT } from "@/scripts/gauntlet/api";
import { exitFor } from "@/scripts/gauntlet/runs";

const progress = (
  done: number,
  total: number,
  status: PackRunView["status"] = "running",
  eta: number | null = null,
) => ({
  status,
  done_cases: done,
  total_cases: total,
  eta_seconds: eta,
});

describe("etaText", () => {
  it.each([
    { seconds: null, text: "" },
    { seconds: -1, text: "" },
    { seconds: Number.NaN, text: "" },
    { seconds: 0, text: "0s" },
    { seconds: 3.2, text: "4s" },
    { seconds: 59, text: "59s" },
    { seconds: 60, text: "1m 00s" },
    { seconds: 125, text: "2m 05s" },
    { seconds: 3599, text: "59m 59s" },
    { seconds: 3600, text: "1h 00m" },
    { seconds: 3720 + 59, text: "1h 02m" },
    { seconds: 90_000, text: "25h 00m" },
  ])("$seconds → '$text'", ({ seconds, text }) => {
    expect(etaText(seconds)).toBe(text);
  });
});

describe("progressBar", () => {
  it.each([
    { p: progress(12, 21, "running", 4), width: 14, text: "[########------] 12/21 57% ETA 4s" },
    { p: progress(0, 21, "queued"), width: 10, text: "[----------] 0/21 0% queued" },
    { p: progress(0, 21, "running"), width: 10, text: "[----------] 0/21 0%" },
    { p: progress(1, 3, "running", 125), width: 9, text: "[###------] 1/3 33% ETA 2m 05s" },
    { p: progress(20, 21, "running", 1), width: 10, text: "[#########-] 20/21 95% ETA 1s" },
    { p: progress(21, 21, "completed"), width: 10, text: "[##########] 21/21 100% completed" },
    { p: progress(5, 21, "cancelled", 9), width: 7, text: "[#------] 5/21 23% cancelled" },
    { p: progress(0, 0, "completed"), width: 4, text: "[----] 0/0 0% completed" },
    { p: progress(30, 21, "running"), width: 4, text: "[####] 30/21 100%" },
  ])("$text", ({ p, width, text }) => {
    expect(progressBar(p, width)).toBe(text);
  });

  it("draws 24 columns by default and never fewer than one", () => {
    expect(progressBar(progress(1, 2))).toBe(`[${"#".repeat(12)}${"-".repeat(12)}] 1/2 50%`);
    expect(progressBar(progress(1, 1, "completed"), 0)).toBe("[#] 1/1 100% completed");
  });

  it("percent rounds down so 100% means every case", () => {
    expect(percent(199, 200)).toBe(99);
    expect(percent(200, 200)).toBe(100);
    expect(percent(3, 0)).toBe(0);
  });
});

describe("progressLine", () => {
  it("is the bar's text without the bar or any escape code", () => {
    expect(progressLine(progress(12, 21, "running", 4))).toBe("progress: 12/21 57% ETA 4s");
    expect(progressLine(progress(8, 8, "completed"))).toBe("progress: 8/8 100% completed");
    expect(progressLine(progress(2, 8, "failed", 3))).toBe("progress: 2/8 25% failed");
  });
});

const RUN: PackRunView = {
  id: "run-1",
  pack_id: "p1",
  pack_slug: "eval-trio",
  pack_name: "Eval trio",
  version_number: 2,
  input_set: null,
  models: ["offline:level-1", "openai:gpt-case"],
  concurrency: 8,
  prompt_only: true,
  status: "completed",
  total_cases: 26,
  done_cases: 26,
  passed_cases: 20,
  error_cases: 1,
  sandbox_cases: 2,
  tokens: 1234,
  cost_usd: 0.5,
  eta_seconds: null,
  error: null,
  created_at: "2026-01-01T00:00:00.000Z",
  started_at: "2026-01-01T00:00:01.000Z",
  finished_at: "2026-01-01T00:00:09.000Z",
  summary: {
    models: [
      {
        model: "offline:level-1",
        cases: 13,
        passed: 9,
        failed: 2,
        errors: 0,
        needs_sandbox: 2,
        cancelled: 0,
        pending: 0,
        scorecard: {
          cases: 11,
          passed: 9,
          pass_rate: 9 / 11,
          mean_overall: 0.71234,
          dimensions: [
            { key: "accuracy", source: "validators", mean: 0.8, scored: 11, pass_rate: null },
            { key: "quality", source: "llm_judge", mean: 0.6666, scored: 10, pass_rate: 0.5 },
          ],
        },
        cost_usd: 0,
        tokens: 300,
        mean_latency_ms: 3,
        security: { tests: 3, passed: 1, findings: 2 },
      },
      {
        model: "openai:gpt-case",
        cases: 13,
        passed: 11,
        failed: 0,
        errors: 1,
        needs_sandbox: 0,
        cancelled: 1,
        pending: 0,
        scorecard: { cases: 12, passed: 11, pass_rate: 11 / 12, mean_overall: null, dimensions: [] },
        cost_usd: 0.123456,
        tokens: 934,
        mean_latency_ms: 40,
        security: { tests: 0, passed: 0, findings: 0 },
      },
    ],
    n_wise: {},
    sandbox_notes: ["forbidden_egress is not enforced without a sandbox"],
    left_out: { cases: 2, reasons: [{ reason: "the case ships files (assets)", cases: 2 }] },
    judge_tokens: 500,
    judge_cost_usd: 0.01,
  },
};

describe("summaryLines", () => {
  it("gives per model the pass rate, mean overall, each dimension, cost, security; then the cases left out and why", () => {
    expect(summaryLines(RUN)).toEqual([
      "eval-trio v2 run run-1: completed, 26/26 cases",
      "offline:level-1: 13 cases (9 passed, 2 failed, 0 errors, 2 left out)",
      "  pass rate     81.8% (9/11 scored)",
      "  mean overall  0.712",
      "  accuracy      0.800 (validators, 11 scored)",
      "  quality       0.667 (llm_judge, 10 scored, pass 50.0%)",
      "  cost          $0.0000 (300 tokens)",
      "  security      1/3 passed, 2 findings",
      "openai:gpt-case: 13 cases (11 passed, 0 failed, 1 errors)",
      "  pass rate     91.7% (11/12 scored)",
      "  mean overall  -",
      "  cost          $0.1235 (934 tokens)",
      "  cancelled     1",
      "judges: $0.0100 (500 tokens)",
      "left out: 2 cases need a sandbox provider (not run, not failed):",
      "  2 × the case ships files (assets)",
      "note: forbidden_egress is not enforced without a sandbox",
    ]);
  });

  it("a run of security tests only prints what was measured: no 0/0 pass rate, no empty dimension", () => {
    const securityOnly: PackRunView = {
      ...RUN,
      models: ["offline:level-1"],
      total_cases: 10,
      done_cases: 10,
      passed_cases: 0,
      error_cases: 0,
      sandbox_cases: 2,
      summary: {
        models: [
          {
            model: "offline:level-1",
            cases: 10,
            passed: 0,
            failed: 8,
            errors: 0,
            needs_sandbox: 2,
            cancelled: 0,
            pending: 0,
            scorecard: {
              cases: 0,
              passed: 0,
              pass_rate: null,
              mean_overall: null,
              dimensions: [{ key: "correctness", source: "validators", mean: null, scored: 0, pass_rate: null }],
            },
            cost_usd: 0,
            tokens: 120,
            mean_latency_ms: 2,
            security: { tests: 8, passed: 0, findings: 8 },
          },
        ],
        n_wise: {},
        sandbox_notes: [],
        left_out: {
          cases: 2,
          reasons: [{ reason: "native execution mode runs in a sandbox with tools", cases: 2 }],
        },
        judge_tokens: 0,
        judge_cost_usd: 0,
      },
    };
    const lines = summaryLines(securityOnly);
    expect(lines).toEqual([
      "eval-trio v2 run run-1: completed, 10/10 cases",
      "offline:level-1: 10 cases (0 passed, 8 failed, 0 errors, 2 left out)",
      "  cost          $0.0000 (120 tokens)",
      "  security      0/8 passed, 8 findings",
      "left out: 2 cases need a sandbox provider (not run, not failed):",
      "  2 × native execution mode runs in a sandbox with tools",
    ]);
    expect(lines.join("\n")).not.toContain("0/0");
    expect(exitFor(securityOnly)).toBe(EXIT.failed);
  });

  it("says a run's error, its input set, and when there is no summary yet", () => {
    expect(
      summaryLines({
        ...RUN,
        status: "failed",
        input_set: "capitals",
        error: "pack version gone",
        summary: null,
        done_cases: 3,
      }),
    ).toEqual([
      "eval-trio v2 run run-1: failed, 3/26 cases (input set capitals)",
      "  error: pack version gone",
      "  no summary yet",
    ]);
  });
});

describe("exit codes", () => {
  const finished = (status: PackRunView["status"], done: number, sandbox: number, passed: number) => ({
    status,
    done_cases: done,
    sandbox_cases: sandbox,
    passed_cases: passed,
  });

  it("a finished run exits 0 only when every case it ran passed; cases left out are not failures", () => {
    expect(exitFor(finished("completed", 10, 2, 8))).toBe(EXIT.ok);
    expect(exitFor(finished("completed", 10, 2, 7))).toBe(EXIT.failed);
    expect(exitFor(finished("completed", 8, 0, 0))).toBe(EXIT.failed);
    expect(exitFor(finished("failed", 8, 0, 8))).toBe(EXIT.failed);
    expect(exitFor(finished("cancelled", 0, 0, 0))).toBe(EXIT.failed);
    expect(exitFor(finished("running", 3, 0, 0))).toBe(EXIT.ok);
  });

  it("a server failure maps to one code: 4xx refused 3, needs_sandbox 5, 5xx or unreachable 4", () => {
    expect([EXIT.ok, EXIT.failed, EXIT.usage, EXIT.refused, EXIT.serverError, EXIT.needsSandbox]).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(new ApiError("x", 401, "unauthorized").exitCode).toBe(3);
    expect(new ApiError("x", 403, "insufficient_scope").exitCode).toBe(3);
    expect(new ApiError("x", 429, "rate_limited").exitCode).toBe(3);
    expect(new ApiError("x", 422, "needs_sandbox").exitCode).toBe(5);
    expect(new ApiError("x", 500, "internal").exitCode).toBe(4);
    expect(new ApiError("x", 502).exitCode).toBe(4);
    expect(new ApiError("cannot reach", 0).exitCode).toBe(4);
  });
});

describe("caseLine", () => {
  it("is model input_set/case_key status overall", () => {
    const c = {
      model: "offline:level-1",
      input_set: "capitals",
      case_key: "france",
      status: "passed" as const,
    };
    expect(caseLine({ ...c, overall: 0.9 })).toBe("offline:level-1 capitals/france passed 0.900");
    expect(caseLine({ ...c, status: "needs_sandbox", overall: null })).toBe(
      "offline:level-1 capitals/france needs_sandbox -",
    );
  });
});

describe("arguments", () => {
  it.each([
    { ref: "eval-trio", out: { slug: "eval-trio" } },
    { ref: "eval-trio@3", out: { slug: "eval-trio", version: 3 } },
    { ref: "eval-trio@0", out: null },
    { ref: "eval-trio@x", out: null },
    { ref: "eval-trio@", out: null },
    { ref: "@2", out: null },
    { ref: "eval-trio@01", out: null },
    { ref: "eval-trio@2147483648", out: null },
    { ref: "", out: null },
  ])("pack ref '$ref'", ({ ref, out }) => {
    expect(parsePackRef(ref)).toEqual(out);
  });

  it("parses --judge-model name=ref pairs and refuses malformed or repeated names", () => {
    expect(parseJudgeModels([])).toEqual({});
    expect(parseJudgeModels(["gpt-4o-mini=offline:judge", "gpt-4.1-mini=openai:gpt-4.1=x"])).toEqual({
      "gpt-4o-mini": "offline:judge",
      "gpt-4.1-mini": "openai:gpt-4.1=x",
    });
    expect(parseJudgeModels(["gpt-4o"])).toMatch(/expected name=ref/);
    expect(parseJudgeModels(["=offline:judge"])).toMatch(/expected name=ref/);
    expect(parseJudgeModels(["a=x", "a=y"])).toBe('--judge-model: "a" given twice');
  });
});

function capture(tty: boolean, columns?: number) {
  const stream = Object.assign(new PassThrough(), { isTTY: tty, columns }) as unknown as NodeJS.WriteStream;
  let text = "";
  (stream as unknown as PassThrough).on("data", (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe("progressReporter", () => {
  it("redraws the bar in place on a terminal and ends its line once", async () => {
    const out = capture(true, 62);
    const reporter = progressReporter(out.stream);
    reporter.update({ ...RUN, status: "running", done_cases: 13, eta_seconds: 4 });
    reporter.update({ ...RUN, status: "running", done_cases: 13, eta_seconds: 3 });
    reporter.update({ ...RUN, status: "completed", done_cases: 26 });
    reporter.done();
    reporter.done();
    await new Promise((r) => setImmediate(r));
    const bar = (fill: number) => `[${"#".repeat(fill)}${"-".repeat(30 - fill)}]`;
    expect(out.text()).toBe(
      `\r${bar(15)} 13/26 50% ETA 4s\x1b[K` +
        `\r${bar(15)} 13/26 50% ETA 3s\x1b[K` +
        `\r${bar(30)} 26/26 100% completed\x1b[K\n`,
    );
  });

  it("narrows the bar on a narrow terminal", async () => {
    const out = capture(true, 40);
    progressReporter(out.stream).update({ ...RUN, status: "running", done_cases: 0 });
    await new Promise((r) => setImmediate(r));
    expect(out.text()).toBe(`\r[${"-".repeat(10)}] 0/26 0%\x1b[K`);
  });

  it("writes one plain line per change of status or count elsewhere", async () => {
    const out = capture(false);
    const reporter = progressReporter(out.stream);
    reporter.update({ ...RUN, status: "queued", done_cases: 0 });
    reporter.update({ ...RUN, status: "running", done_cases: 0, eta_seconds: null });
    reporter.update({ ...RUN, status: "running", done_cases: 4, eta_seconds: 9 });
    reporter.update({ ...RUN, status: "running", done_cases: 4, eta_seconds: 8 });
    reporter.update({ ...RUN, status: "completed", done_cases: 26 });
    reporter.done();
    await new Promise((r) => setImmediate(r));
    expect(out.text()).toBe(
      "progress: 0/26 0% queued\nprogress: 0/26 0%\nprogress: 4/26 15% ETA 9s\nprogress: 26/26 100% completed\n",
    );
  });
});
