import { z } from "zod";
import { modelRefStringSchema } from "@/lib/ai/model-ref";
import { EVALUATOR_TYPES, judgeConsensusFields, RULES_SUCCESS_TYPES } from "@/lib/contracts/evaluation";
import { CHALLENGE_STRATEGIES } from "@/lib/contracts/scoring";
import { defineNode } from "@/lib/workflow/definition-types";
import { templateString, VARIABLE_REF } from "@/lib/workflow/nodes/shared";
import en from "./messages/en.json";

export const EVALUATION_MODES = EVALUATOR_TYPES;
export type EvaluationMode = (typeof EVALUATION_MODES)[number];

// A stored challenge (challenge_id, preferred) or inline criteria. Every field is
// optional: an empty config evaluates against the run's challenge (RunWorkflowOptions.challengeId).
export const challengeEvaluatorConfigSchema = z
  .strictObject({
    challenge_id: z.string().trim().min(1).max(64).optional(),
    success_type: z.enum(RULES_SUCCESS_TYPES).optional(),
    /** May contain {{secret}} (the challenge's secret, substituted on the server). */
    success_pattern: z.string().max(2000).optional(),
    scoring_strategy: z.enum(CHALLENGE_STRATEGIES).optional(),
    /**
     * rules: an answer that reveals the secret in disguise (spelled, reversed, Base64, hex…)
     * succeeds too. Unset: the challenge's evaluator_config.disguised_forms, else off.
     */
    disguised_forms: z.boolean().optional(),
    /** `node_id.key` or a start input name; their values are replaced with [masked] in logs. */
    mask_variables: z
      .array(z.string().regex(VARIABLE_REF, "Use node_id.key or a start input name such as prompt"))
      .max(50)
      .default([]),
    /** Unset: the challenge's evaluator type (rules for inline criteria). */
    evaluation_mode: z.enum(EVALUATION_MODES).optional(),
    /** llm-judge and custom: the goal when there is no challenge (else the challenge's goal). */
    goal: z.string().max(4000).optional(),
    judge_model: modelRefStringSchema.optional(),
    rubric_prompt_template: templateString("rubric_prompt_template").optional(),
    rating_scale: z.number().int().min(1).max(100).optional(),
    pass_threshold: z.number().int().min(0).optional(),
    judge_max_tokens: z.number().int().min(16).max(8_000).optional(),
    /**
     * llm-judge: give the challenge's secret to the judge as a hint (default, so encoded leaks
     * are recognised). false: the judge never sees it; its feedback is still masked against it.
     */
    secret_as_hint: z.boolean().optional(),
    /** llm-judge consensus; each unset one falls back to the challenge's evaluator_config. */
    ...judgeConsensusFields,
    evaluator_plugin_id: z.string().trim().min(1).max(120).optional(),
    evaluator_entrypoint: z.string().trim().min(1).max(120).optional(),
    evaluator_config: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.success_type && c.success_pattern === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["success_pattern"],
        message: "success_pattern is required with success_type",
      });
    }
    if (c.rating_scale !== undefined && c.pass_threshold !== undefined && c.pass_threshold > c.rating_scale) {
      ctx.addIssue({
        code: "custom",
        path: ["pass_threshold"],
        message: "pass_threshold must not be above rating_scale",
      });
    }
  });
export type ChallengeEvaluatorConfig = z.output<typeof challengeEvaluatorConfigSchema>;

export const challengeEvaluatorDefinition = defineNode({
  type: "challenge-evaluator",
  idPrefix: "challenge",
  category: "evaluation",
  messages: { en },
  inputs: [
    { id: "response", label: "Response", type: "string", required: true },
    { id: "judge_passed", label: "Judge passed", type: "boolean" },
    { id: "judge_rating", label: "Judge rating", type: "number" },
    { id: "judge_feedback", label: "Judge feedback", type: "string" },
    { id: "judge_raw", label: "Judge raw verdict", type: "object" },
    { id: "judge_error", label: "Judge error", type: "boolean" },
  ],
  outputs: [
    { id: "challenge_succeeded", label: "Succeeded", type: "boolean" },
    { id: "message", label: "Message", type: "string" },
    { id: "judge_rating", label: "Rating", type: "number" },
    { id: "judge_feedback", label: "Feedback", type: "string" },
    { id: "output", label: "Output (pass-through)", type: "string" },
  ],
  configSchema: challengeEvaluatorConfigSchema,
  defaultConfig: { mask_variables: [] },
});
