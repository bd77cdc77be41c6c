import { z } from "zod";
import { attemptResultSchema } from "@/lib/contracts/attempts/operations";
import { operation } from "@/lib/contracts/operation";
import { challengeIdParamsSchema, idempotencyKeySchema } from "@/lib/contracts/attempts/inputs";

// Gandalf's guess box: POST /web/api/challenges/{id}/claims. A player who extracted the secret in
// disguise (spelled, reversed, Base64…) types the secret itself. It is checked on the server in
// constant time (case and whitespace ignored), counts like an attempt (attempt limit, cooldown,
// per-minute rate), and wrong claims are limited per client address and slow the account down
// (429 rate_limited, "Too many wrong claims. Try again in 5 minutes.", with Retry-After). A correct
// claim is recorded as a successful attempt whose prompt is "[claim]" (the typed text is never stored).

export const SECRET_CLAIM_MAX_LENGTH = 256;

export const secretClaimInputSchema = z.strictObject({
  secret: z
    .string({ error: "secret is required" })
    .max(SECRET_CLAIM_MAX_LENGTH, `secret is too long (${SECRET_CLAIM_MAX_LENGTH} characters at most)`)
    .refine((s) => s.trim().length > 0, "secret must not be empty"),
  idempotency_key: idempotencyKeySchema.optional(),
});
export type SecretClaimInput = z.infer<typeof secretClaimInputSchema>;

export const secretClaimOperations = {
  claim: operation({
    auth: "user",
    params: challengeIdParamsSchema,
    body: secretClaimInputSchema,
    doc: {
      summary: "Claim the password (checked in constant time; counts as an attempt)",
      status: 201,
      // 200: a replay (same Idempotency-Key); 403: claims not allowed here, or a locked level (level_locked).
      statuses: [200, 403],
      response: attemptResultSchema,
    },
  }),
};
