import "server-only";
import { z } from "zod";
import { judgeConsensusFields, rulesSettingsSchema } from "@/lib/contracts/evaluation";
import type { EvaluationResult } from "@/lib/evaluation/types";
import type { LoadedChallenge } from "@/lib/workflow/engine/run-resources";
import { NodeFailure, type ExecutorContext } from "@/lib/workflow/executor-types";
import type {
  ChallengeEvaluatorConfig,
  EvaluationMode,
} from "@/lib/workflow/nodes/challenge-evaluator/definition";

// What a Prompt Challenge node evaluates against, and the contract every evaluation mode meets.

export type Ctx = ExecutorContext<ChallengeEvaluatorConfig>;

/** Judge settings a challenge keeps in evaluator_config when its evaluator_type is llm-judge. */
export const storedJudgeSettings = z
  .object({
    judge_model: z.string().optional(),
    rubric_prompt_template: z.string().optional(),
    rating_scale: z.number().int().optional(),
    pass_threshold: z.number().int().optional(),
    max_tokens: z.number().int().optional(),
    secret_as_hint: z.boolean().optional(),
    // A bad consensus field falls back to its default alone, keeping the other settings.
    judge_samples: judgeConsensusFields.judge_samples.catch(undefined),
    judge_models: judgeConsensusFields.judge_models.catch(undefined),
    judge_aggregation: judgeConsensusFields.judge_aggregation.catch(undefined),
    min_agreement: judgeConsensusFields.min_agreement.catch(undefined),
  })
  .catch({});

/** Rules settings a challenge keeps in evaluator_config (lib/contracts/evaluation.ts). */
export const storedRulesSettings = rulesSettingsSchema.catch({});

export interface Criteria {
  mode: EvaluationMode;
  challenge: LoadedChallenge | null;
  secret: string | null;
  successType: string;
  pattern: string | null;
  goal: string;
}

/** Which criteria apply: challenge_id, else inline rules, else the run's challenge. */
export function resolveCriteria(ctx: Ctx, isMode: (value: string) => value is EvaluationMode): Criteria {
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

/** One evaluation mode (lib/contracts/evaluation.ts EVALUATOR_TYPES): one file in ./evaluators/. */
export interface Evaluator {
  /**
   * `response` is the whole answer; `clipped` the first EVALUATION_MAX_INPUT_CHARS of it, which
   * is all an evaluator may read unless it refuses longer input itself (the judge does).
   */
  evaluate(ctx: Ctx, criteria: Criteria, answer: { response: string; clipped: string }): Promise<Verdict>;
  /** "rules": outputs carry a message; "rating": judge_rating and judge_feedback. */
  outputs: "rules" | "rating";
}

export interface Verdict {
  evaluation: EvaluationResult;
  judgeTokens?: number;
}
