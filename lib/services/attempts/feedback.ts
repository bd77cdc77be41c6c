import "server-only";
import type { AttemptResult } from "@/lib/contracts/attempts";
import type { AttemptLadderState } from "@/lib/services/ladder";

// Feedback with character: the creator's win or refusal line, and the secret shown to the player
// who just won (never on a failure, an error or to anyone else: it rides on their own result).
// The secret is shown only where the creator made it the goal (the challenge takes secret claims):
// a challenge won another way (a judged task, a custom pattern) never gives its secret away.

export function withCreatorFeedback(
  result: AttemptResult,
  ladder: AttemptLadderState | null,
  secret: string | null,
): AttemptResult {
  const evaluated = result.status === "completed";
  const won = evaluated && result.succeeded;
  return {
    ...result,
    creator_message: won ? (ladder?.winMessage ?? null) : evaluated ? (ladder?.refusalMessage ?? null) : null,
    revealed_secret: won && secret && ladder?.allowSecretClaims ? secret : null,
  };
}
