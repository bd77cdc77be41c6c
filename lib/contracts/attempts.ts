import { z } from "zod";

// What a player is told about one attempt: the JSON of POST /web/api/challenges/{id}/attempts and
// its SSE `attempt` event. The attempt service returns it; the play panel renders it.

/** A finished attempt's status (a pending attempt is never reported to the player). */
export const FINAL_ATTEMPT_STATUSES = ["completed", "errored", "judge_error"] as const;

export const attemptResultSchema = z.object({
  attempt_id: z.string(),
  challenge_id: z.string(),
  status: z.enum(FINAL_ATTEMPT_STATUSES),
  succeeded: z.boolean(),
  score: z.number().nullable(),
  judge_rating: z.number().nullable(),
  judge_feedback: z.string().nullable(),
  /** One sentence for the player: the verdict, or why the attempt was not evaluated. */
  message: z.string(),
  /** The model's answer, masked. */
  answer: z.string().nullable(),
  tokens_total: z.number().nullable(),
  elapsed_ms: z.number().nullable(),
  /** null when the challenge has no attempt limit. */
  attempts_left: z.number().nullable(),
  cooldown_until: z.string().nullable(),
  first_blood: z.boolean(),
  personal_best: z.boolean(),
  /** True when this is the stored result of an earlier request with the same idempotency key. */
  replayed: z.boolean(),
  created_at: z.string(),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;
