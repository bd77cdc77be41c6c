import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { publicIdParams } from "@/lib/contracts/params";

// CTFd-style hints: creators write them per challenge (free or costing points, optionally
// available only after k failed attempts); players unlock them. A locked hint's body never
// leaves the server: the player's list carries it only for hints they unlocked.

export const HINT_BODY_MAX = 2_000;
export const HINT_FAILURES_MAX = 1_000;
/** Hints per challenge (a cap on what one creator can make every player page read). */
export const HINTS_PER_CHALLENGE_MAX = 20;

/** What a creator submits for one hint; `cost` is also checked against the challenge's points. */
export const hintInputSchema = z.strictObject({
  body: z.string().trim().min(1, "Write the hint").max(HINT_BODY_MAX, `At most ${HINT_BODY_MAX} characters`),
  cost: z.coerce.number().int().min(0),
  unlock_after_failures: z.coerce.number().int().min(0).max(HINT_FAILURES_MAX).nullable(),
});
export type HintInput = z.infer<typeof hintInputSchema>;

/** A hint as the console shows it (the creator sees every body). */
export interface ConsoleHint {
  id: string;
  position: number;
  body: string;
  cost: number;
  unlock_after_failures: number | null;
  unlocks: number;
}

export const playerHintView = z.object({
  id: z.string(),
  position: z.number().int(),
  cost: z.number().int(),
  unlock_after_failures: z.number().int().nullable(),
  unlocked: z.boolean(),
  /** Whether the player may unlock it now (enough failed attempts). */
  available: z.boolean(),
  /** Markdown; null until unlocked. */
  body: z.string().nullable(),
});
export type PlayerHint = z.infer<typeof playerHintView>;

export const playerHintsResponse = z.object({
  hints: z.array(playerHintView),
  /** The caller's failed (completed, unsuccessful) attempts on the challenge. */
  failures: z.number().int(),
  /** Points the caller spent on this challenge's hints. */
  spent: z.number().int(),
});
export type PlayerHints = z.infer<typeof playerHintsResponse>;

export const hintUnlockResponse = z.object({
  hint: playerHintView,
  /** false when the hint was already unlocked (nothing was charged again). */
  charged: z.boolean(),
  spent: z.number().int(),
});
export type HintUnlockResult = z.infer<typeof hintUnlockResponse>;

export const hintParams = publicIdParams.extend({ hintId: z.string().trim().min(1).max(64) });

export const hintOperations = {
  list: operation({
    auth: "public",
    params: publicIdParams,
    doc: {
      summary:
        "The challenge's hints: cost and availability for everyone, bodies only of hints the caller unlocked",
      response: playerHintsResponse,
    },
  }),
  unlock: operation({
    auth: "user",
    params: hintParams,
    doc: {
      summary:
        "Unlock a hint: records it and charges its cost once (a second unlock is a no-op); 403 before the hint's failed-attempt threshold",
      response: hintUnlockResponse,
      statuses: [403],
    },
  }),
};
