// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { all, asNum, exec, one, type Step } from "@/lib/db/sql";
import { columnsOf, rowMapper } from "@/lib/db/rows";

// Hint statements shared by the unlock and the attempt recording (lib/db/sql.ts steps).
//
// The leaderboard entry's hint_cost is the sum of the costs of the player's unlocks on the
// challenge, kept in two places so it holds whichever comes first: an entry created by a first
// success takes the sum of the unlocks made before it (syncEntryHintCost, in the attempt's
// transaction), and an unlock made after the win adds its cost to the existing entry (in the
// unlock's transaction). Both transactions lock the challenge row first, so they never interleave.

/** Points the player has spent on the challenge's hints. */
export function* spentOnHints(challengeId: string, endUserId: string): Step<number> {
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

/** Every entry's hint_cost of the challenge from the unlocks (after a hint and its unlocks are deleted). */
export function* resyncChallengeHintCosts(challengeId: string): Step<void> {
  yield* exec(
    `UPDATE challenge_leaderboard_entries SET hint_cost =
       (SELECT COALESCE(SUM(u.cost), 0) FROM challenge_hint_unlocks u
         WHERE u.challenge_id = challenge_leaderboard_entries.challenge_id
           AND u.end_user_id = challenge_leaderboard_entries.end_user_id)
     WHERE challenge_id = $1`,
    challengeId,
  );
}

export interface HintRow {
  id: string;
  position: number;
  cost: number;
  unlockAfterFailures: number | null;
  body: string;
}

const HINT = { id: "text", position: "num", cost: "num", unlockAfterFailures: "numOrNull", body: "text" } as const;
const hintOf: (r: Record<string, unknown>) => HintRow = rowMapper(HINT);

/** The hint, only when it belongs to the challenge (a mismatched pair is not found). */
export function* hintOfChallenge(challengeId: string, hintId: string): Step<HintRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${columnsOf(HINT)} FROM challenge_hints WHERE id = $1 AND challenge_id = $2`,
    hintId,
    challengeId,
  );
  return r ? hintOf(r) : null;
}

/** Completed attempts that did not succeed: what "after k failed attempts" counts. */
export function* failedAttempts(challengeId: string, endUserId: string): Step<number> {
  const r = yield* one<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM challenge_attempts
      WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'completed' AND succeeded = FALSE`,
    challengeId,
    endUserId,
  );
  return asNum(r?.n);
}

export function* unlockedHintIds(challengeId: string, endUserId: string): Step<Set<string>> {
  const rows = yield* all<{ hint_id: string }>(
    `SELECT hint_id FROM challenge_hint_unlocks WHERE challenge_id = $1 AND end_user_id = $2`,
    challengeId,
    endUserId,
  );
  return new Set(rows.map((r) => r.hint_id));
}
