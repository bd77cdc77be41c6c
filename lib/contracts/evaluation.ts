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
const samplesMessage = `judge_samples must be a whole number from 1 to ${MAX_JUDGE_SAMPLES}`;
const agreementMessage = "min_agreement must be a number from 0 to 1";

export const judgeConsensusFields = {
  judge_samples: z
    .number({ error: samplesMessage })
    .int(samplesMessage)
    .min(1, samplesMessage)
    .max(MAX_JUDGE_SAMPLES, samplesMessage)
    .optional(),
  /** Models judging besides judge_model, which is always the first. */
  judge_models: z
    .array(modelRefStringSchema, { error: "judge_models must be a list of model references" })
    .max(MAX_EXTRA_JUDGE_MODELS, `judge_models has at most ${MAX_EXTRA_JUDGE_MODELS} models`)
    .optional(),
  /** median/mean: the rating; the verdict by majority. majority/unanimous: the verdict by vote. */
  judge_aggregation: z
    .enum(JUDGE_AGGREGATIONS, { error: `judge_aggregation must be ${oneOf(JUDGE_AGGREGATIONS)}` })
    .optional(),
  /** Below this share of judges agreeing, the verdict is contested: an error, sent to review. */
  min_agreement: z
    .number({ error: agreementMessage })
    .min(0, agreementMessage)
    .max(1, agreementMessage)
    .optional(),
};
