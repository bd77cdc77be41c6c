import { z } from "zod";

// Client-safe input schemas for playing a challenge (POST /web/api/challenges/{id}/attempts).

export const PROMPT_MAX_LENGTH = 4000;

export const promptSchema = z
  .string({ error: "prompt is required" })
  .min(1, "The prompt must not be empty")
  .max(PROMPT_MAX_LENGTH, `The prompt is too long (${PROMPT_MAX_LENGTH} characters at most)`)
  // Whitespace is part of an attack and kept as sent; an empty one is not a prompt.
  .refine((p) => p.trim().length > 0, "The prompt must not be empty");

/** Printable ASCII without spaces, as most clients send UUIDs or ULIDs. */
export const idempotencyKeySchema = z
  .string()
  .min(1, "idempotency_key must not be empty")
  .max(128, "idempotency_key is too long (128 characters at most)")
  .regex(/^[\x21-\x7e]+$/, "idempotency_key may contain printable ASCII characters only, no spaces");

export const attemptInputSchema = z.strictObject({
  prompt: promptSchema,
  idempotency_key: idempotencyKeySchema.optional(),
});
export type AttemptInput = z.infer<typeof attemptInputSchema>;

export const challengeIdParamsSchema = z.object({
  id: z.string().trim().min(1).max(64),
});
