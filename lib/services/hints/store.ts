// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { columnsOf, rowMapper } from "@/lib/db/rows";
import { asNum, exec, lockRow, one, transaction, type Step } from "@/lib/db/sql";
import { AppError, notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { assertLevelOpen, attemptLadderStep } from "@/lib/services/ladder";

// Hint statements of the attempt recording and the unlock (SQL: ladder step under the row lock).
//
// The leaderboard entry's hint_cost is the sum of the costs of the player's unlocks on the
// challenge, kept in two places so it holds whichever comes first: an entry created by a first
// success takes the sum of the unlocks made before it (syncEntryHintCost, in the attempt's
// transaction), and an unlock made after the win adds its cost to the existing entry (in the
// unlock's transaction). Both transactions lock the challenge row first, so they never interleave.

/** Points the player has spent on the challenge's hints. */
function* spentOnHints(challengeId: string, endUserId: string): Step<number> {
  const r = yield* one<{ n: unknown }>(
    `SELECT COALESCE(SUM(cost), 0) AS n FROM challenge_hint_unlocks WHERE challenge_id = $1 AND end_user_id = $2`,
    challengeId,
    endUserId,
  );
  return asNum(r?.n);
}

/** Sets the player's entry's hint_cost from their unlocks (a no-op without an entry). */
export function* syncEntryHintCost(challengeId: string, endUserId: string): Step<void> {
  yield* exec(
    `UPDATE challenge_leaderboard_entries SET hint_cost =
       (SELECT COALESCE(SUM(u.cost), 0) FROM challenge_hint_unlocks u WHERE u.challenge_id = $1 AND u.end_user_id = $2)
     WHERE challenge_id = $1 AND end_user_id = $2`,
    challengeId,
    endUserId,
  );
}

const hintSpec = {
  id: "text",
  position: "num",
  cost: "num",
  unlockAfterFailures: "numOrNull",
  body: "text",
} as const;
const toHint = rowMapper(hintSpec);
export type HintRow = ReturnType<typeof toHint>;

/** The hint, only when it belongs to the challenge (a mismatched pair is not found). */
function* hintOfChallenge(challengeId: string, hintId: string): Step<HintRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${columnsOf(hintSpec)} FROM challenge_hints WHERE id = $1 AND challenge_id = $2`,
    hintId,
    challengeId,
  );
  return r ? toHint(r) : null;
}

/** Completed attempts that did not succeed: what "after k failed attempts" counts. */
function* failedAttempts(challengeId: string, endUserId: string): Step<number> {
  const r = yield* one<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM challenge_attempts
      WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'completed' AND succeeded = FALSE`,
    challengeId,
    endUserId,
  );
  return asNum(r?.n);
}

/** Whether a hint unlocking after `k` failed attempts is open to a player with `failures`. */
export const isAvailable = (k: number | null, failures: number) => k === null || failures >= k;

export interface HintUnlock {
  hint: HintRow;
  /** This call recorded the unlock (false: the player had it already). */
  charged: boolean;
  spent: number;
  failures: number;
}

/**
 * One transaction under the challenge's row lock (like the attempt recording): the unlock at the
 * hint's current cost, added to the player's entry when they have one. A second unlock charges
 * nothing; a locked ladder level, a hint of another challenge or one not yet available is refused.
 */
export function recordHintUnlock(
  challengeId: string,
  hintId: string,
  endUserId: string,
  accountId: string,
): Promise<HintUnlock> {
  return transaction(function* () {
    if (!(yield* lockRow("challenges", challengeId))) throw notFound("Challenge");
    // A locked ladder level's hints stay locked too (gating, lib/services/ladder.ts).
    assertLevelOpen(yield* attemptLadderStep(challengeId, endUserId));
    const hint = yield* hintOfChallenge(challengeId, hintId);
    if (!hint) throw notFound("Hint");
    const failures = yield* failedAttempts(challengeId, endUserId);
    const inserted = yield* exec(
      `INSERT INTO challenge_hint_unlocks (id, hint_id, challenge_id, end_user_id, account_id, cost, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7
        WHERE NOT EXISTS (SELECT 1 FROM challenge_hint_unlocks WHERE hint_id = $2 AND end_user_id = $4)`,
      uuidv7(),
      hint.id,
      challengeId,
      endUserId,
      accountId,
      hint.cost,
      new Date(),
    );
    const charged = inserted > 0;
    if (charged) {
      if (!isAvailable(hint.unlockAfterFailures, failures)) {
        // Thrown inside the transaction: the insert is rolled back.
        throw new AppError(
          "forbidden",
          `This hint unlocks after ${hint.unlockAfterFailures} failed attempts (you have ${failures}).`,
          { details: { unlock_after_failures: hint.unlockAfterFailures, failures } },
        );
      }
      yield* syncEntryHintCost(challengeId, endUserId);
    }
    const spent = yield* spentOnHints(challengeId, endUserId);
    return { hint, charged, spent, failures };
  });
}
