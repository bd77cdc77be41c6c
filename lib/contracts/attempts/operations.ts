import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { attemptInputSchema, challengeIdParamsSchema } from "@/lib/contracts/attempts/inputs";

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
  /**
   * Reproduce before it counts: a first run that won was run `runs` times in all, `wins` of them
   * won and `needed` had to; `counted` says whether the win counted. null when not reproduced.
   */
  reproduction: z
    .object({
      runs: z.number().int(),
      wins: z.number().int(),
      needed: z.number().int(),
      counted: z.boolean(),
    })
    .nullable(),
  created_at: z.string(),
  /** The creator's line for this outcome: their win line on a success, their refusal line on a failure. */
  creator_message: z.string().nullable().optional(),
  /** Only on a success, only to the player who won: the secret they extracted. */
  revealed_secret: z.string().nullable().optional(),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

const STREAM_EVENTS =
  "Server-Sent Events, the player's view of the run (never node ids, other nodes' outputs or judge data): " +
  "`run_started`; `progress` { stage: answering | checking, message }; `answer_delta` { delta }, the answer as it is " +
  "generated, only when nothing in the workflow can withhold or rewrite it (and never a disguised secret); `answer` " +
  "{ text }, the final masked answer; `reproducing` { done, runs, message } while a winning prompt is run again " +
  "(challenges that reproduce wins; nothing of those runs is sent); then `attempt` (the result object) or `error` ({ error: { code, message } }).";

export const attemptOperations = {
  submit: operation({
    // Signed-in players, and guests (a signed guest cookie) on challenges that allow guests.
    auth: "public",
    params: challengeIdParamsSchema,
    body: attemptInputSchema,
    // 201 for a new attempt, 200 for a replay (same Idempotency-Key) or a stream.
    doc: {
      summary: "Play an attempt (JSON, or SSE with Accept: text/event-stream)",
      status: 201,
      statuses: [200],
      sse: STREAM_EVENTS,
      response: attemptResultSchema,
    },
  }),
};
