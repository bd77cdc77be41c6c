import { z } from "zod";
import { auditViewShape, isoTimestamp } from "@/lib/contracts/primitives";
import {
  RED_BLUE_STRATEGIES,
  redBlueSettingsObject,
  SELECTION_POLICIES,
  teamSchema,
  UTILITY_GATE_MODES,
} from "@/lib/contracts/red-blue/inputs";

// Red/blue response shapes. Everything a player sees is built from the *player* views: they
// have no field for the defense text, the opponent's prompt or the secret except
// `opponent_prompt` / `secret`, which stay null unless settings.reveal_after_round.

export const judgeCategoryView = z.object({
  key: z.string(),
  name: z.string(),
  rubric: z.string(),
  uses_secret: z.boolean(),
});

export const redBlueChallengeView = z.object({
  id: z.string(),
  app_id: z.string(),
  workflow_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  judge_suite: z.array(judgeCategoryView),
  defense_selection_policy: z.enum(SELECTION_POLICIES),
  attack_selection_policy: z.enum(SELECTION_POLICIES),
  scoring_strategy: z.enum(RED_BLUE_STRATEGIES),
  theme: z.record(z.string(), z.string()).nullable(),
  instructions_md: z.string().nullable(),
  is_active: z.boolean(),
  settings: redBlueSettingsObject,
  ...auditViewShape,
});
export type RedBlueChallengeView = z.infer<typeof redBlueChallengeView>;

const submissionRef = z.object({
  id: z.string().nullable(),
  account_id: z.string().nullable(),
  username: z.string().nullable(),
  prompt: z.string().nullable(),
});

/** How a pairing was judged and scored: what the creator and the participants both see. */
const pairingOutcomeShape = {
  categories: z.record(z.string(), z.boolean().nullable()),
  /**
   * Category keys whose judges disagreed beyond settings.min_agreement: not judged (null above),
   * a point for neither side. Absent in answers stored before the field existed.
   */
  contested: z.array(z.string()).optional(),
  judge_rating: z.number().nullable(),
  judge_feedback: z.string().nullable(),
  red_points: z.number(),
  blue_points: z.number(),
  tokens_total: z.number().nullable(),
  elapsed_ms: z.number().nullable(),
};

/** A pairing as the creator sees it (console). The model output is masked against the secret. */
export const consolePairingView = z.object({
  id: z.string(),
  red_blue_challenge_id: z.string(),
  attack_submission_id: z.string().nullable(),
  defense_submission_id: z.string().nullable(),
  attack: submissionRef,
  defense: submissionRef,
  initiator: teamSchema,
  ...pairingOutcomeShape,
  model_output: z.string().nullable(),
  created_at: isoTimestamp,
});
export type ConsolePairingView = z.infer<typeof consolePairingView>;

export const pairingMetricsView = z.object({
  pairings: z.number().int(),
  red_points: z.number(),
  blue_points: z.number(),
  red_ratio: z.number().nullable(),
  blue_ratio: z.number().nullable(),
  /** Breaches per category key over the filtered pairings. */
  breaches: z.record(z.string(), z.number().int()),
  avg_rating: z.number().nullable(),
});

export const consolePairingsResponse = z.object({
  data: z.array(consolePairingView),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  metrics: pairingMetricsView,
});

/** A pairing as a participant sees it: never the defense's text unless revealed. */
export const playerPairingView = z.object({
  id: z.string(),
  my_team: teamSchema,
  my_submission_id: z.string().nullable(),
  opponent: z.object({ username: z.string().nullable() }),
  /** The opponent's attack or defense text: null unless the creator reveals it after the round. */
  opponent_prompt: z.string().nullable(),
  /** The challenge secret: null unless the creator reveals it after the round. */
  secret: z.string().nullable(),
  /** The model's answer to the attack, with the secret masked in every form. */
  model_output: z.string().nullable(),
  ...pairingOutcomeShape,
  created_at: isoTimestamp,
});
export type PlayerPairingView = z.infer<typeof playerPairingView>;

export const playerStanding = z.object({
  rank: z.number().int(),
  username: z.string(),
  team: teamSchema,
  red_points: z.number(),
  blue_points: z.number(),
  /** red: R/(R+B) of the pairings they attacked in; blue: B/(R+B) of those they defended in. */
  ratio: z.number().nullable(),
  pairings: z.number().int(),
});
export type PlayerStanding = z.infer<typeof playerStanding>;

export const teamStanding = z.object({
  points: z.number(),
  ratio: z.number().nullable(),
  players: z.number().int(),
});

export const standingsView = z.object({
  red_blue_challenge_id: z.string(),
  scoring_strategy: z.enum(RED_BLUE_STRATEGIES),
  pairings: z.number().int(),
  teams: z.object({ red: teamStanding, blue: teamStanding }),
  red: z.array(playerStanding),
  blue: z.array(playerStanding),
  /** Cumulative team points over time (≤ 60 points, oldest first), for the chart. */
  timeline: z.array(z.object({ at: isoTimestamp, red_points: z.number(), blue_points: z.number() })),
});
export type StandingsView = z.infer<typeof standingsView>;

export const publicRedBlueView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  instructions_md: z.string().nullable(),
  theme: z.record(z.string(), z.string()).nullable(),
  judge_suite: z.array(z.object({ key: z.string(), name: z.string() })),
  scoring_strategy: z.enum(RED_BLUE_STRATEGIES),
  is_active: z.boolean(),
  /** True when pairings run on the offline practice model (never presented as a real LLM). */
  offline_model: z.boolean(),
  utility_gate: z.object({ prompts: z.number().int(), mode: z.enum(UTILITY_GATE_MODES) }),
  reveal_after_round: z.boolean(),
  max_prompt_chars: z.number().int(),
  /** What the challenge calls its secret in words (settings.secret_name; never its value), or null. */
  secret_name: z.string().nullable(),
  counts: z.object({
    red_players: z.number().int(),
    blue_players: z.number().int(),
    pairings: z.number().int(),
  }),
});

export const membershipView = z.object({ team: teamSchema, joined_at: isoTimestamp });

export const publicRedBlueResponse = z.object({
  challenge: publicRedBlueView,
  leaderboard: standingsView,
  /** The caller's side and submissions when signed in and joined, else null. */
  me: z
    .object({
      team: teamSchema,
      joined_at: isoTimestamp,
      submissions: z.number().int(),
      pairings: z.number().int(),
    })
    .nullable(),
});

export const publicRedBlueListResponse = z.object({ data: z.array(publicRedBlueView) });

export const submitResponse = z.object({
  submission: z.object({ id: z.string(), team: teamSchema, created_at: isoTimestamp }),
  /** The pairing this submission was judged in; null when no opponent submission exists yet. */
  pairing: playerPairingView.nullable(),
  /** No opponent submission to pair with yet: the submission waits for the other side. */
  waiting: z.boolean(),
  /** request_new_if_none asked the other side for a fresh submission. */
  requested_opponent: z.boolean(),
  /** A blue defense that failed the utility gate in "zero" mode (kept, scores 0). */
  utility_failed: z.boolean(),
  replayed: z.boolean(),
});
export type SubmitResponse = z.infer<typeof submitResponse>;

export const myPairingsResponse = z.object({ data: z.array(playerPairingView) });
