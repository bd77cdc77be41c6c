import { z } from "zod";
import { modelRefStringSchema } from "@/lib/ai/model-ref";
import { oneOf } from "@/lib/contracts/primitives";
import { JUDGE_AGGREGATIONS } from "@/lib/evaluation/consensus";

// How a challenge's success is decided, client-safe: the evaluator types a challenge may use
// (the challenge-evaluator node's evaluation modes are the same list) and the success types.

export const EVALUATOR_TYPES = ["rules", "llm-judge", "custom"] as const;
export type EvaluatorType = (typeof EVALUATOR_TYPES)[number];

/** What the rules evaluator checks itself; `custom` leaves the decision to the evaluator plugin. */
export const RULES_SUCCESS_TYPES = ["regex", "contains"] as const;
export const SUCCESS_TYPES = [...RULES_SUCCESS_TYPES, "custom"] as const;
export type SuccessType = (typeof SUCCESS_TYPES)[number];

/**
 * Rules settings a challenge may keep in evaluator_config (evaluator_type rules), and the Prompt
 * Challenge node's option of the same name. disguised_forms: an answer that reveals the secret in
 * disguise (spelled out, reversed, ROT13, Base64, hex, NATO — lib/evaluation/secret-forms) counts
 * as a success too.
 */
export const rulesSettingsSchema = z.object({
  disguised_forms: z.boolean({ error: "disguised_forms must be true or false" }).optional(),
});
export type RulesSettings = z.infer<typeof rulesSettingsSchema>;

export const evaluatorTypeSchema = z.enum(EVALUATOR_TYPES, {
  error: `evaluator_type must be ${oneOf(EVALUATOR_TYPES)}`,
});

export const successTypeSchema = z.enum(SUCCESS_TYPES, {
  error: `success_type must be ${oneOf(SUCCESS_TYPES)}`,
});

export const MAX_JUDGE_SAMPLES = 9;
export const MAX_EXTRA_JUDGE_MODELS = 5;

/**
 * Consensus judging (lib/evaluation/README.md, 'Consensus'): the fields an LLM-judge setting may
 * add. Unset: one sample of the judge model alone, median, no minimum agreement (one plain call).
 */
export const judgeConsensusFields = {
  judge_samples: z.number().int().min(1).max(MAX_JUDGE_SAMPLES).optional(),
  /** Models judging besides judge_model, which is always the first. */
  judge_models: z.array(modelRefStringSchema).max(MAX_EXTRA_JUDGE_MODELS).optional(),
  /** median/mean: the rating; the verdict by majority. majority/unanimous: the verdict by vote. */
  judge_aggregation: z.enum(JUDGE_AGGREGATIONS).optional(),
  /** Below this share of judges agreeing, the verdict is contested: an error, sent to review. */
  min_agreement: z.number().min(0).max(1).optional(),
};
