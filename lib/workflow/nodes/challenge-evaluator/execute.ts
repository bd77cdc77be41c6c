import "server-only";
import { z } from "zod";
import { judgeResponse } from "@/lib/evaluation/judge";
import { evaluateWithPlugin } from "@/lib/evaluation/plugins";
import { clipForEvaluation } from "@/lib/evaluation/limits";
import { evaluateRulesBounded } from "@/lib/evaluation/rules-runner";
import type { EvaluationResult } from "@/lib/evaluation/types";
import type { LoadedChallenge } from "@/lib/workflow/engine/run-resources";
import { NodeFailure, type ExecutorContext, type NodeExecutor } from "@/lib/workflow/executor-types";
import type {
  ChallengeEvaluatorConfig,
  EvaluationMode,
} from "@/lib/workflow/nodes/challenge-evaluator/definition";
import { judgeTokensOf } from "@/lib/workflow/nodes/judging-llm/execute";
import { stringifyValue } from "@/lib/workflow/template";

// Seed 000 "Workflow Node Execution": load the criteria (stored challenge or inline), evaluate
// by rules, LLM judge or plugin, output the verdict. It writes no attempt: the attempts service
// records RunResult.evaluation atomically with the leaderboard.

type Ctx = ExecutorContext<ChallengeEvaluatorConfig>;

/** Judge settings a challenge keeps in evaluator_config when its evaluator_type is llm-judge. */
const storedJudgeSettings = z
  .object({
    judge_model: z.string().optional(),
    rubric_prompt_template: z.string().optional(),
    rating_scale: z.number().int().optional(),
    pass_threshold: z.number().int().optional(),
    max_tokens: z.number().int().optional(),
    secret_as_hint: z.boolean().optional(),
  })
  .catch({});

const isMode = (value: string): value is EvaluationMode =>
  value === "rules" || value === "llm-judge" || value === "custom";

interface Criteria {
  mode: EvaluationMode;
  challenge: LoadedChallenge | null;
  secret: string | null;
  successType: string;
  pattern: string | null;
  goal: string;
}

/** Which criteria apply: challenge_id, else inline rules, else the run's challenge. */
function resolveCriteria(ctx: Ctx): Criteria {
  const config = ctx.node.config;
  const challengeId = config.challenge_id ?? ctx.run.challengeId;
  const challenge = challengeId ? (ctx.resources.challenge(challengeId) ?? null) : null;
  if (challengeId && !challenge)
    throw new NodeFailure(`Challenge "${challengeId}" was not found in this workspace`);
  const inline = !config.challenge_id && config.success_type !== undefined;
  const storedMode = challenge?.successType === "custom" ? "custom" : challenge?.evaluatorType;
  const mode =
    config.evaluation_mode ?? (inline ? "rules" : storedMode && isMode(storedMode) ? storedMode : "rules");
  const secret = challenge?.secret ?? ctx.resources.runSecret;
  // A challenge without a pattern but with a secret succeeds when the secret shows up.
  const storedPattern = challenge?.successPattern ?? (challenge?.secret ? "{{secret}}" : null);
  return {
    mode,
    challenge,
    secret,
    successType: inline ? config.success_type! : (challenge?.successType ?? "contains"),
    pattern: inline ? (config.success_pattern ?? null) : storedPattern,
    goal: config.goal ?? challenge?.goal ?? "",
  };
}

function fromJudgeInputs(inputs: Record<string, unknown>): EvaluationResult {
  const raw =
    inputs.judge_raw && typeof inputs.judge_raw === "object"
      ? (inputs.judge_raw as Record<string, unknown>)
      : undefined;
  const judge = raw?.judge as EvaluationResult["judge"] | undefined;
  const error = inputs.judge_error === true;
  return {
    outcome: error ? "error" : inputs.judge_passed === true ? "pass" : "fail",
    rating: typeof inputs.judge_rating === "number" ? inputs.judge_rating : null,
    feedback: typeof inputs.judge_feedback === "string" ? inputs.judge_feedback : null,
    evaluator: "llm-judge",
    ...(error ? { errorKind: "judge_error" as const } : {}),
    ...(raw ? { raw } : {}),
    ...(judge ? { judge } : {}),
  };
}

async function judgeHere(ctx: Ctx, criteria: Criteria, response: string): Promise<EvaluationResult> {
  const config = ctx.node.config;
  const stored = storedJudgeSettings.parse(criteria.challenge?.evaluatorConfig ?? {});
  if (!criteria.goal.trim()) throw new NodeFailure("No goal to judge against: set goal or use a challenge");
  return judgeResponse({
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
  });
}

async function evaluateCustom(ctx: Ctx, criteria: Criteria, response: string): Promise<EvaluationResult> {
  const config = ctx.node.config;
  const pluginId = config.evaluator_plugin_id ?? criteria.challenge?.evaluatorPluginId;
  if (!pluginId)
    throw new NodeFailure("Custom evaluation needs evaluator_plugin_id (on the node or the challenge)");
  const storedConfig = criteria.challenge?.evaluatorConfig;
  return evaluateWithPlugin({
    workspaceId: ctx.run.workspaceId,
    loadPlugin: ctx.loadPlugin,
    pluginId,
    entrypoint: config.evaluator_entrypoint ?? criteria.challenge?.evaluatorEntrypoint ?? undefined,
    goal: criteria.goal,
    response,
    config:
      config.evaluator_config ??
      (storedConfig && typeof storedConfig === "object" ? (storedConfig as Record<string, unknown>) : {}),
    // Variables are sanitized: the start inputs only, masked.
    ctx: {
      workflowId: ctx.run.workflowId,
      challengeId: criteria.challenge?.id ?? null,
      endUserId: ctx.run.endUserId,
      variables: ctx.sanitizedVariables(),
    },
    signal: ctx.signal,
  });
}

export const challengeEvaluatorExecutor: NodeExecutor<ChallengeEvaluatorConfig> = {
  async execute(ctx) {
    const criteria = resolveCriteria(ctx);
    const response = stringifyValue(ctx.inputs.response);
    // Every evaluator sees at most EVALUATION_MAX_INPUT_CHARS of the answer (issue 10 §3).
    const evaluated = clipForEvaluation(response);
    let evaluation: EvaluationResult;
    let judgeTokens = 0;
    switch (criteria.mode) {
      case "rules":
        evaluation = await evaluateRulesBounded({
          workspaceId: ctx.run.workspaceId,
          successType: criteria.successType,
          pattern: criteria.pattern,
          text: evaluated,
          secret: criteria.secret,
          signal: ctx.signal,
        });
        break;
      case "llm-judge":
        if (ctx.inputs.judge_passed !== undefined || ctx.inputs.judge_error !== undefined) {
          evaluation = fromJudgeInputs(ctx.inputs);
        } else {
          // The whole response: the judge refuses one over JUDGE_MAX_INPUT_CHARS (fails closed)
          // instead of judging a cut copy that padding could push a leak out of.
          evaluation = await judgeHere(ctx, criteria, response);
          judgeTokens = judgeTokensOf(evaluation);
        }
        break;
      case "custom":
        evaluation = await evaluateCustom(ctx, criteria, evaluated);
        break;
    }
    const succeeded = evaluation.outcome === "pass";
    const outputs: Record<string, unknown> =
      criteria.mode === "rules"
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
