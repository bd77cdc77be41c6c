import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { challengeIdParamsSchema } from "@/lib/contracts/attempts/inputs";
import { idParams } from "@/lib/contracts/params";

// Reading attempts back, newest first, a page at a time (keyset cursor):
// GET /web/api/challenges/{id}/attempts     the caller's own attempts (player-safe fields)
// GET /console/api/challenges/{id}/attempts a workspace challenge's attempts (members; filters)

export const ATTEMPT_PAGE_DEFAULT = 20;
export const ATTEMPT_PAGE_MAX = 100;
export const ATTEMPT_LIST_STATUSES = ["pending", "completed", "errored", "judge_error"] as const;

const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(ATTEMPT_PAGE_MAX, `limit is at most ${ATTEMPT_PAGE_MAX}`)
  .default(ATTEMPT_PAGE_DEFAULT);
/** Opaque: the `next_cursor` of the previous page. */
const cursor = z.string().min(1).max(200).optional();
const instant = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" });

export const playerAttemptListQuerySchema = z.strictObject({ limit, cursor });

export const consoleAttemptListQuerySchema = z.strictObject({
  limit,
  cursor,
  status: z.enum(ATTEMPT_LIST_STATUSES).optional(),
  succeeded: z.enum(["true", "false"]).optional(),
  /** The player: an end user id, or the account id behind it. */
  end_user_id: z.uuid().optional(),
  account_id: z.uuid().optional(),
  /** created_at ≥ since and < until. */
  since: instant.optional(),
  until: instant.optional(),
});
export type ConsoleAttemptListQuery = z.infer<typeof consoleAttemptListQuerySchema>;

/** What a player may read back of their own attempt: never judge output, traces or errors. */
export const playerAttemptSchema = z.object({
  attempt_id: z.string(),
  challenge_id: z.string(),
  status: z.enum(ATTEMPT_LIST_STATUSES),
  succeeded: z.boolean(),
  score: z.number().nullable(),
  judge_rating: z.number().nullable(),
  judge_feedback: z.string().nullable(),
  prompt: z.string().nullable(),
  /** The model's answer, masked. */
  answer: z.string().nullable(),
  tokens_total: z.number().nullable(),
  elapsed_ms: z.number().nullable(),
  created_at: z.string(),
});
export type PlayerAttempt = z.infer<typeof playerAttemptSchema>;

export const consoleAttemptSchema = playerAttemptSchema.extend({
  end_user_id: z.string(),
  account_id: z.string().nullable(),
  player: z.string(),
  judge_tokens_total: z.number().nullable(),
  error_message: z.string().nullable(),
  workflow_run_id: z.string().nullable(),
});
export type ConsoleAttempt = z.infer<typeof consoleAttemptSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
  });

export const attemptHistoryOperations = {
  mine: operation({
    auth: "user",
    params: challengeIdParamsSchema,
    query: playerAttemptListQuerySchema,
    doc: {
      summary: "Your own attempts on a challenge, newest first (cursor-paged)",
      response: page(playerAttemptSchema),
    },
  }),
  workspace: operation({
    auth: "workspace",
    params: idParams,
    query: consoleAttemptListQuerySchema,
    doc: {
      summary: "A challenge's attempts, newest first, filtered (cursor-paged)",
      response: page(consoleAttemptSchema),
    },
  }),
};
