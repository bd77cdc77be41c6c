import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { idParams } from "@/lib/contracts/params";
import { oneOf } from "@/lib/contracts/primitives";
import {
  FLAG_REASONS,
  MAX_DECISION_NOTE,
  MAX_FLAG_DETAILS,
  REVIEW_DECISIONS,
  REVIEW_SOURCES,
  REVIEW_STATUSES,
  REVIEW_VERDICTS,
} from "@/lib/contracts/verdict-reviews/constants";

// Review and appeal of attempt verdicts, client-safe: a player's flag on one of their own
// attempts (/web/api/challenges/{id}/attempts/{attemptId}/flag) and the workspace's review queue
// (/console/api/verdict-reviews/**). Wire names are snake_case.

export * from "@/lib/contracts/verdict-reviews/constants";
/** Most open flags a player may hold in one workspace. */
export const MAX_OPEN_FLAGS = 10;

export const flagParams = z.object({
  id: z.string().trim().min(1).max(64),
  attemptId: z.uuid({ error: "Not a valid attempt id" }),
});

export const flagInputSchema = z.strictObject({
  reason: z.enum(FLAG_REASONS, { error: `reason must be ${oneOf(FLAG_REASONS)}` }),
  details: z
    .string({ error: "details must be a string" })
    .max(MAX_FLAG_DETAILS, `details is at most ${MAX_FLAG_DETAILS} characters`)
    .optional(),
});
export type FlagInput = z.infer<typeof flagInputSchema>;

export const flagResultSchema = z.object({
  flag_id: z.string(),
  attempt_id: z.string(),
  reason: z.enum(FLAG_REASONS),
  review_status: z.enum(REVIEW_STATUSES),
  created_at: z.string(),
});
export type FlagResult = z.infer<typeof flagResultSchema>;

export const reviewListQuerySchema = z.strictObject({
  status: z.enum(REVIEW_STATUSES, { error: `status must be ${oneOf(REVIEW_STATUSES)}` }).default("open"),
  challenge_id: z.uuid({ error: "challenge_id is not a valid id" }).optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit is at most 100")
    .default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const decisionInputSchema = z.strictObject({
  verdict: z.enum(REVIEW_VERDICTS, { error: `verdict must be ${oneOf(REVIEW_VERDICTS)}` }),
  note: z
    .string({ error: "note must be a string" })
    .max(MAX_DECISION_NOTE, `note is at most ${MAX_DECISION_NOTE} characters`)
    .refine((t) => t.trim() !== "", "note must not be empty"),
});
export type DecisionInput = z.infer<typeof decisionInputSchema>;

const flagViewSchema = z.object({
  reason: z.enum(FLAG_REASONS),
  details: z.string().nullable(),
  created_at: z.string(),
});

export const reviewViewSchema = z.object({
  id: z.string(),
  source: z.enum(REVIEW_SOURCES),
  status: z.enum(REVIEW_STATUSES),
  attempt_id: z.string(),
  challenge: z.object({ id: z.string(), name: z.string() }),
  player: z.string().describe("The player's display name (a guest by a short session label)"),
  prompt: z.string().nullable(),
  /** The model's answer, masked with the challenge's current secret. */
  answer: z.string().nullable(),
  /** win | no_win for a completed attempt, judge_error for a contested one. */
  current_verdict: z.enum(["win", "no_win", "judge_error"]),
  attempt_status: z.string(),
  judge_feedback: z.string().nullable(),
  flags: z.array(flagViewSchema),
  decision: z
    .object({
      decision: z.enum(REVIEW_DECISIONS),
      verdict: z.enum(REVIEW_VERDICTS),
      from: z.string().nullable(),
      note: z.string().nullable(),
      decided_by: z.string().nullable(),
      decided_at: z.string(),
    })
    .nullable(),
  created_at: z.string(),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;

export const reviewListSchema = z.object({
  data: z.array(reviewViewSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const reviewParams = idParams;

export const verdictReviewOperations = {
  flag: operation({
    // Signed-in players, and guests (their signed guest cookie) on their own attempts.
    auth: "public",
    params: flagParams,
    body: flagInputSchema,
    maxBodyBytes: 16 * 1024,
    doc: {
      summary: `Flag the verdict of one of your own attempts for the creator's review (one flag per attempt, at most ${MAX_OPEN_FLAGS} open per workspace)`,
      response: flagResultSchema,
      status: 201,
      statuses: [409, 429],
    },
  }),
  list: operation({
    auth: "workspace",
    query: reviewListQuerySchema,
    doc: {
      summary: "The workspace's review queue: flagged and contested attempts, open or decided",
      response: reviewListSchema,
    },
  }),
  decide: operation({
    auth: "workspace",
    roles: WRITERS,
    params: reviewParams,
    body: decisionInputSchema,
    maxBodyBytes: 16 * 1024,
    doc: {
      summary:
        "Decide a review: the verdict (win | no_win) and a note; the same verdict confirms it, another overturns it (the board entry is rebuilt and the player told); 409 when already decided",
      response: reviewViewSchema,
      statuses: [409],
    },
  }),
};
