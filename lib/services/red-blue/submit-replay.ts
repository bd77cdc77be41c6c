// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { PlayerPairingView, SubmitResponse } from "@/lib/contracts/red-blue";
import { query, type Step } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { challengeSecret, type RoundChallengeRow } from "@/lib/services/red-blue/membership";
import { pairingRecords, playerPairingOf, type RevealRules } from "@/lib/services/red-blue/player-view";
import type { ExistingSubmission } from "@/lib/services/red-blue/submission-store";
import type { SubmitTeamInput } from "@/lib/services/red-blue/submit-types";

// The submit path's answers from storage (submit.ts, submit-workflow.ts): the pairing as the
// player sees it, and the answer to a repeated Idempotency-Key (the stored answer, replayed; 422
// for another submission under the key; 409 while its first request is still being judged; or,
// once that round is dead, what was stored).

/** A repeat whose first request has not answered yet waits this long before the round counts as dead. */
export const REPLAY_STALE_MS = 5 * 60_000;

/** The pairing view for the player, reading the secret only when the creator reveals it. */
export function* pairingView(
  c: RoundChallengeRow,
  pairingId: string,
  accountId: string,
  reveal: boolean,
): Step<PlayerPairingView | null> {
  const [row] = yield* pairingRecords(`p.id = $1`, [pairingId], 1);
  if (!row) return null;
  const rules: RevealRules = { reveal, secret: reveal ? yield* challengeSecret(c) : null };
  return playerPairingOf(row, accountId, rules);
}

/** The answer to a repeated Idempotency-Key. */
export async function replay(
  c: RoundChallengeRow,
  input: SubmitTeamInput,
  existing: ExistingSubmission,
): Promise<SubmitResponse> {
  // (A workflow may store its own text for the prompt: there only the side must match.)
  const samePrompt = c.workflowId !== null || existing.submission.prompt === input.prompt;
  if (existing.submission.team !== input.team || !samePrompt) {
    throw new AppError(
      "validation_failed",
      "This idempotency key was already used with a different submission; use a new key for a new submission.",
    );
  }
  const stored = existing.result as SubmitResponse | null;
  if (stored) {
    if (!stored.pairing || !c.settings.reveal_after_round) return { ...stored, replayed: true };
    const id = stored.pairing.id;
    const pairing = await query(() => pairingView(c, id, input.accountId, true));
    return { ...stored, pairing, replayed: true };
  }
  if (Date.now() - existing.createdAt.getTime() < REPLAY_STALE_MS) {
    throw new AppError(
      "conflict",
      "The submission with this idempotency key is still being judged; retry with the same key in a moment.",
      {
        headers: { "Retry-After": "2" },
      },
    );
  }
  // Its round died before answering: answer from what was stored.
  const s = existing.submission;
  const column = s.team === "red" ? "attack_submission_id" : "defense_submission_id";
  const pairing = await query(function* () {
    const [row] = yield* pairingRecords(`p.${column} = $1 AND p.initiator = $2`, [s.id, s.team], 1);
    if (!row) return null;
    const reveal = c.settings.reveal_after_round;
    return playerPairingOf(row, input.accountId, {
      reveal,
      secret: reveal ? yield* challengeSecret(c) : null,
    });
  });
  return {
    submission: { id: s.id, team: s.team, created_at: existing.createdAt.toISOString() },
    pairing,
    waiting: pairing === null,
    requested_opponent: false,
    utility_failed: s.utilityPassed === false,
    replayed: true,
  };
}
