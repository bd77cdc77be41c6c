import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { auditViewShape, jsonObject } from "@/lib/contracts/primitives";
import {
  challengeCreateSchema,
  challengeListQuerySchema,
  challengeUpdateSchema,
  WRITERS,
} from "@/lib/contracts/challenges/inputs";
import { idParams } from "@/lib/contracts/params";
import { leaderboardQuerySchema, listQuerySchema, publicIdParams } from "@/lib/contracts/params";

// Challenges: the console API (/console/api/challenges) and the public one (/web/api/challenges).

export const challengeView = z.object({
  id: z.string(),
  app_id: z.string(),
  workflow_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  goal: z.string(),
  success_type: z.string(),
  success_pattern: z.string().nullable(),
  secret_ref: z.string().nullable().describe("Name of the workspace secret; its value is never returned"),
  has_secret: z.boolean(),
  scoring_strategy: z.string(),
  is_active: z.boolean(),
  evaluator_type: z.string(),
  evaluator_plugin_id: z.string().nullable(),
  evaluator_entrypoint: z.string().nullable(),
  evaluator_config: jsonObject.nullable(),
  scoring_plugin_id: z.string().nullable(),
  scoring_entrypoint: z.string().nullable(),
  scoring_config: jsonObject.nullable(),
  instructions_md: z.string().nullable(),
  theme: z
    .record(z.string(), z.string())
    .nullable()
    .describe("Whitelisted CSS variables; asset URLs freshly signed"),
  hero_asset_id: z.string().nullable(),
  hero_asset_url: z.string().nullable(),
  hero_asset_type: z.string().nullable(),
  difficulty: z.string(),
  points: z.number().int(),
  max_attempts: z.number().int().nullable(),
  cooldown_seconds: z.number().int(),
  reproduce_runs: z.number().int().nullable().describe("A win is run this many times in all (null: off)"),
  reproduce_wins: z.number().int().nullable().describe("Wins needed of reproduce_runs (null: all)"),
  mask_variables: z.array(z.string()),
  allow_guests: z.boolean().describe("Visitors may play as guests without an account"),
  guests_on_boards: z.boolean().describe("Guests appear on the boards (when allow_guests)"),
  allow_secret_claims: z.boolean(),
  refusal_message: z.string().nullable(),
  win_message: z.string().nullable(),
  published_version: z.number().int().nullable(),
  ...auditViewShape,
});

export const challengeResponse = z.object({ challenge: challengeView });
export const challengeListResponse = z.object({
  data: z.array(challengeView.extend({ attempts_count: z.number().int(), solves_count: z.number().int() })),
});

export const challengeOperations = {
  list: operation({
    auth: "workspace",
    query: challengeListQuerySchema,
    doc: {
      summary: "List the workspace's challenges (optionally of one app)",
      response: challengeListResponse,
    },
  }),
  create: operation({
    auth: "workspace",
    roles: WRITERS,
    body: challengeCreateSchema,
    maxBodyBytes: 256 * 1024,
    doc: {
      summary: "Create a challenge (and its empty workflow unless workflow_id is given)",
      response: challengeResponse,
      status: 201,
    },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "Get a challenge", response: challengeResponse },
  }),
  update: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: challengeUpdateSchema,
    maxBodyBytes: 256 * 1024,
    doc: {
      summary: "Update a challenge (any subset of fields; secret is write-only)",
      response: challengeResponse,
    },
  }),
  remove: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Delete a challenge with its attempts and leaderboard", status: 204 },
  }),
};

export const publicChallengeOperations = {
  list: operation({ auth: "public", query: listQuerySchema, doc: { summary: "List active challenges" } }),
  get: operation({
    auth: "public",
    params: publicIdParams,
    doc: { summary: "Challenge details (instructions, theme)" },
  }),
  leaderboard: operation({
    auth: "public",
    params: publicIdParams,
    query: leaderboardQuerySchema,
    doc: { summary: "Challenge leaderboard" },
  }),
};
