import { z } from "zod";
import { modelRefStringSchema } from "@/lib/ai/model-ref";
import {
  DEFAULT_RED_BLUE_SETTINGS,
  judgeSuiteSchema,
  redBlueStrategySchema,
  selectionPolicySchema,
  type JudgeCategory,
} from "@/lib/contracts/red-blue";
import { defineNode } from "@/lib/workflow/definition-types";
import en from "./messages/en.json";

// The team-challenge node: one red (attack) or blue (defense) submission, paired with
// the other side's by policy, run with the defense as system prompt and the attack as user
// message, judged per category and scored. With the red/blue service's TeamRoundPort the round is
// stored; without one (the builder's test run) the node judges the attack and defense it is given
// and stores nothing.

/** The model of a test run when the node names none: red/blue's default, the offline defender. */
export const TEAM_CHALLENGE_TEST_MODEL = DEFAULT_RED_BLUE_SETTINGS.model;

/** A node's judge suite: empty or absent means the red/blue challenge's own suite. */
const nodeJudgeSuiteSchema = z.preprocess(
  (v) => (Array.isArray(v) && v.length === 0 ? undefined : v),
  judgeSuiteSchema.optional(),
);

export const teamChallengeConfigSchema = z.strictObject({
  /** The red/blue challenge whose rounds this node plays; optional in a draft and in test runs. */
  red_blue_challenge_id: z
    .string({ error: "red_blue_challenge_id must be text" })
    .trim()
    .min(1, "red_blue_challenge_id is empty")
    .max(64, "red_blue_challenge_id is too long")
    .optional(),
  /** How a red submission picks the defense it plays against. */
  defense_selection_policy: selectionPolicySchema.default("latest_best"),
  /** How a blue submission picks the attack it is tested with. */
  attack_selection_policy: selectionPolicySchema.default("latest_best"),
  judge_suite: nodeJudgeSuiteSchema,
  scoring_strategy: redBlueStrategySchema.default("red_blue_ratio"),
  /** Test runs only (no red/blue round): the model that answers the attack. */
  test_model: modelRefStringSchema.optional(),
});
export type TeamChallengeConfig = z.output<typeof teamChallengeConfigSchema>;

/** The resolved judge suite the node sets (undefined: the challenge's). */
export type NodeJudgeSuite = JudgeCategory[] | undefined;

export const teamChallengeDefinition = defineNode({
  type: "team-challenge",
  idPrefix: "team",
  category: "evaluation",
  messages: { en },
  inputs: [
    { id: "team_choice", label: "Team (red | blue)", type: "string", required: true },
    { id: "attack_prompt", label: "Attack prompt", type: "string" },
    { id: "defense_prompt", label: "Defense prompt", type: "string" },
  ],
  outputs: [
    { id: "team", label: "Team", type: "string" },
    { id: "judge_passed", label: "Passed", type: "boolean" },
    { id: "judge_rating", label: "Rating", type: "number" },
    { id: "judge_feedback", label: "Feedback", type: "string" },
    { id: "categories", label: "Categories", type: "object" },
    { id: "team_points", label: "Team points", type: "number" },
    { id: "total_points", label: "Total points", type: "number" },
  ],
  configSchema: teamChallengeConfigSchema,
  defaultConfig: {
    defense_selection_policy: "latest_best",
    attack_selection_policy: "latest_best",
    scoring_strategy: "red_blue_ratio",
  },
});
