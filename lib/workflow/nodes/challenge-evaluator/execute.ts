import "server-only";
import { clipForEvaluation } from "@/lib/evaluation/limits";
import type { NodeExecutor } from "@/lib/workflow/executor-types";
import { resolveCriteria } from "@/lib/workflow/nodes/challenge-evaluator/criteria";
import type { ChallengeEvaluatorConfig } from "@/lib/workflow/nodes/challenge-evaluator/definition";
import { evaluators, isEvaluationMode } from "@/lib/workflow/nodes/challenge-evaluator/evaluators";
import { stringifyValue } from "@/lib/workflow/template";

// Node execution: load the criteria (stored challenge or inline), evaluate
// by the mode's evaluator (./evaluators/: rules, LLM judge or plugin), output the verdict. It
// writes no attempt: the attempts service records RunResult.evaluation atomically with the
// leaderboard.

export const challengeEvaluatorExecutor: NodeExecutor<ChallengeEvaluatorConfig> = {
  async execute(ctx) {
    const criteria = resolveCriteria(ctx, isEvaluationMode);
    // Calibration judges the given answer itself, whatever the defenses upstream made of it.
    const response = ctx.run.fixedAnswer ?? stringifyValue(ctx.inputs.response);
    const evaluator = evaluators[criteria.mode];
    // Every evaluator sees at most EVALUATION_MAX_INPUT_CHARS of the answer (hostile-tenant limits).
    const { evaluation, judgeTokens = 0 } = await evaluator.evaluate(ctx, criteria, {
      response,
      clipped: clipForEvaluation(response),
    });
    const succeeded = evaluation.outcome === "pass";
    const outputs: Record<string, unknown> =
      evaluator.outputs === "rules"
        ? { challenge_succeeded: succeeded, message: evaluation.feedback ?? "", output: response }
        : {
            challenge_succeeded: succeeded,
            judge_rating: evaluation.rating,
            judge_feedback: evaluation.feedback ?? "",
            output: response,
          };
    return {
      outputs,
      evaluation,
      judgeTokens,
      trace: { mode: criteria.mode, challenge_id: criteria.challenge?.id ?? null },
    };
  },
};
