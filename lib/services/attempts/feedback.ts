import "server-only";
import type { AttemptResult } from "@/lib/contracts/attempts";
import type { AttemptLadderState } from "@/lib/services/ladder";

// Feedback with character: the creator's win or refusal line, and the secret shown to the player
// who just won (never on a failure, an error or to anyone else: it rides on their own result).

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
    revealed_secret: won && secret ? secret : null,
  };
}
