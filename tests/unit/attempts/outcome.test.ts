// How a run's verdict becomes an attempt's status: grader errors, contested judges included, are
// never a pass or a fail (not counted against the player, no board entry).
import { describe, expect, it } from "vitest";
import type { EvaluationResult } from "@/lib/evaluation/types";
import { judgeOutputOf, outcomeOf } from "@/lib/services/attempts/result";
import type { RunResult } from "@/lib/workflow/types";

const run = (evaluation: EvaluationResult): RunResult => ({
  runId: "r",
  status: "succeeded",
  outputs: {},
  tokensTotal: 0,
  judgeTokensTotal: 0,
  elapsedMs: 1,
  evaluation,
});
const judged = (extra: Partial<EvaluationResult>): EvaluationResult => ({
  outcome: "pass",
  rating: 9,
  feedback: "ok",
  evaluator: "llm-judge",
  ...extra,
});

describe("outcomeOf", () => {
  it.each(["judge_error", "judge_contested"] as const)(
    "%s is a judge_error attempt, not a success",
    (kind) => {
      const evaluation = judged({
        outcome: "error",
        errorKind: kind,
        rating: null,
        feedback: "The judges disagreed; this verdict goes to review.",
      });
      expect(outcomeOf(run(evaluation))).toEqual({
        status: "judge_error",
        succeeded: false,
        evaluation,
        error: "The judges disagreed; this verdict goes to review.",
      });
      expect(judgeOutputOf(evaluation)).toMatchObject({ outcome: "error", error_kind: kind });
    },
  );

  it("a pass is a completed success", () => {
    expect(outcomeOf(run(judged({})))).toMatchObject({ status: "completed", succeeded: true });
  });
});
