import "server-only";
import { judgeWithPanel } from "@/lib/evaluation/judge-panel";
import type { EvaluationResult } from "@/lib/evaluation/types";
import { NodeFailure } from "@/lib/workflow/executor-types";
import {
  storedJudgeSettings,
  type Criteria,
  type Ctx,
  type Evaluator,
} from "@/lib/workflow/nodes/challenge-evaluator/criteria";
import { judgeTokensOf } from "@/lib/workflow/nodes/judging-llm/execute";

// LLM judge: the verdict of an upstream Judging LLM node when one is wired in, else a judge call
// of its own with the node's settings, the challenge's evaluator_config, then the defaults.

function fromJudgeInputs(inputs: Record<string, unknown>): EvaluationResult {
  const raw =
    inputs.judge_raw && typeof inputs.judge_raw === "object"
      ? (inputs.judge_raw as Record<string, unknown>)
      : undefined;
  const judge = raw?.judge as EvaluationResult["judge"] | undefined;
  const error = inputs.judge_error === true;
  const kind = raw?.errorKind === "judge_contested" ? "judge_contested" : "judge_error";
  return {
    outcome: error ? "error" : inputs.judge_passed === true ? "pass" : "fail",
    rating: typeof inputs.judge_rating === "number" ? inputs.judge_rating : null,
    feedback: typeof inputs.judge_feedback === "string" ? inputs.judge_feedback : null,
    evaluator: "llm-judge",
    ...(error ? { errorKind: kind } : {}),
    ...(raw ? { raw } : {}),
    ...(judge ? { judge } : {}),
  };
}

function judgeHere(ctx: Ctx, criteria: Criteria, response: string): Promise<EvaluationResult> {
  const config = ctx.node.config;
  const stored = storedJudgeSettings.parse(criteria.challenge?.evaluatorConfig ?? {});
  if (!criteria.goal.trim()) throw new NodeFailure("No goal to judge against: set goal or use a challenge");
  return judgeWithPanel(
    {
      workspaceId: ctx.run.workspaceId,
      modelRef: config.judge_model ?? stored.judge_model ?? "offline:judge",
      getModel: ctx.getModel,
      goal: criteria.goal,
      response,
      // The node's option, else the challenge's evaluator_config, else the secret is a hint. Either
      // way the feedback is masked against it (secrets).
      hints:
        criteria.secret && (config.secret_as_hint ?? stored.secret_as_hint ?? true) ? [criteria.secret] : [],
      secrets: [criteria.secret],
      rubricTemplate: config.rubric_prompt_template ?? stored.rubric_prompt_template ?? null,
      ratingScale: config.rating_scale ?? stored.rating_scale,
      passThreshold: config.pass_threshold ?? stored.pass_threshold,
      maxTokens: config.judge_max_tokens ?? stored.max_tokens,
      signal: ctx.signal,
      redact: ctx.mask,
    },
    {
      models: config.judge_models ?? stored.judge_models,
      samples: config.judge_samples ?? stored.judge_samples,
      aggregation: config.judge_aggregation ?? stored.judge_aggregation,
      minAgreement: config.min_agreement ?? stored.min_agreement,
    },
  );
}

export const llmJudgeEvaluator: Evaluator = {
  outputs: "rating",
  async evaluate(ctx, criteria, { response }) {
    if (ctx.inputs.judge_passed !== undefined || ctx.inputs.judge_error !== undefined) {
      return { evaluation: fromJudgeInputs(ctx.inputs) };
    }
    // The whole response: the judge refuses one over JUDGE_MAX_INPUT_CHARS (fails closed)
    // instead of judging a cut copy that padding could push a leak out of.
    const evaluation = await judgeHere(ctx, criteria, response);
    return { evaluation, judgeTokens: judgeTokensOf(evaluation) };
  },
};
