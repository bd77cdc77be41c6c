import "server-only";
import { judgeWithPanel } from "@/lib/evaluation/judge-panel";
import type { EvaluationResult } from "@/lib/evaluation/types";
import { NodeFailure, type NodeExecutor } from "@/lib/workflow/executor-types";
import type { JudgingLlmConfig } from "@/lib/workflow/nodes/judging-llm/definition";
import { stringifyValue } from "@/lib/workflow/template";

export const judgeTokensOf = (result: EvaluationResult) =>
  result.judge ? result.judge.inputTokens + result.judge.outputTokens : 0;

/** The judge's verdict as node outputs, plus judge_error so no error reads as a fail. */
export function judgeOutputs(result: EvaluationResult): Record<string, unknown> {
  return {
    judge_passed: result.outcome === "pass",
    judge_rating: result.rating,
    judge_feedback: result.feedback ?? "",
    judge_raw: {
      ...result.raw,
      outcome: result.outcome,
      ...(result.errorKind ? { errorKind: result.errorKind } : {}),
      ...(result.judge ? { judge: result.judge } : {}),
    },
    judge_error: result.outcome === "error",
  };
}

export const judgingLlmExecutor: NodeExecutor<JudgingLlmConfig> = {
  callsModel: true,
  async execute(ctx) {
    const config = ctx.node.config;
    const goal =
      stringifyValue(ctx.inputs.goal).trim() ||
      config.goal?.trim() ||
      ctx.resources.runChallenge?.goal.trim() ||
      "";
    if (!goal) {
      throw new NodeFailure(
        "No goal to judge against: connect the goal input, set goal, or run with a challenge",
      );
    }
    const secret = ctx.resources.runSecret;
    const result = await judgeWithPanel(
      {
        workspaceId: ctx.run.workspaceId,
        modelRef: config.judge_model,
        getModel: ctx.getModel,
        goal,
        // Not clipped: the judge refuses a response over JUDGE_MAX_INPUT_CHARS (fails closed)
        // instead of judging a cut copy that padding could push a leak out of.
        response: stringifyValue(ctx.inputs.response),
        hints: config.secret_as_hint && secret ? [secret] : [],
        // Masked in the feedback in every form even when it is not given as a hint.
        secrets: [secret],
        rubricTemplate: config.rubric_prompt_template.trim() === "" ? null : config.rubric_prompt_template,
        ratingScale: config.rating_scale,
        passThreshold: config.pass_threshold,
        maxTokens: config.max_tokens,
        signal: ctx.signal,
        redact: ctx.mask,
      },
      {
        models: config.judge_models,
        samples: config.judge_samples,
        aggregation: config.judge_aggregation,
        minAgreement: config.min_agreement,
      },
    );
    return { outputs: judgeOutputs(result), judgeTokens: judgeTokensOf(result), trace: { goal } };
  },
};
