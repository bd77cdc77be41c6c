// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { RedBlueTeam } from "@/lib/contracts/red-blue";
import { asBool, asDate, asJson, exec, json, one, type Step } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import type { StoredSubmission } from "@/lib/red-blue/port";
import { ensureEndUserStep } from "@/lib/services/attempts/store";
import { assertOnTeam, liveChallenge, membershipOf } from "@/lib/services/red-blue/membership";
import { assertPromptLength, assertSubmissionRate } from "@/lib/services/red-blue/submission-limits";

// A player's team_submissions rows, for the round port (round-port.ts): the insert under the
// player's lock (PostgreSQL: SELECT … FOR UPDATE; SQLite transactions hold the write lock) after
// the Idempotency-Key, the prompt limit and the per-minute limit, so parallel submissions of one
// player serialise on every app instance; the lookup by key; the stored answer; the withdrawal.

/** A submission stored under the same Idempotency-Key. */
export interface ExistingSubmission {
  submission: StoredSubmission;
  createdAt: Date;
  /** The stored answer, or null while its round is still being played (or died). */
  result: unknown;
}

export type PersistOutcome =
  | { kind: "new"; submission: StoredSubmission; createdAt: Date }
  | { kind: "existing"; existing: ExistingSubmission };

export interface PersistSubmissionInput {
  challengeId: string;
  team: RedBlueTeam;
  prompt: string;
  utilityPassed?: boolean | null;
}

const SUBMISSION_COLUMNS = `id, team, prompt, account_id, utility_passed, result, created_at`;

/** A team_submissions row (or a candidate's) as the port hands it out. */
export function storedOf(r: Record<string, unknown>): StoredSubmission {
  return {
    id: r.id as string,
    team: r.team === "blue" ? "blue" : "red",
    prompt: r.prompt as string,
    accountId: (r.account_id as string | null) ?? null,
    utilityPassed:
      r.utility_passed === null || r.utility_passed === undefined ? null : asBool(r.utility_passed),
  };
}

export function* submissionByKey(
  challengeId: string,
  accountId: string,
  key: string,
): Step<ExistingSubmission | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${SUBMISSION_COLUMNS} FROM team_submissions
     WHERE red_blue_challenge_id = $1 AND account_id = $2 AND idempotency_key = $3`,
    challengeId,
    accountId,
    key,
  );
  return r ? { submission: storedOf(r), createdAt: asDate(r.created_at), result: asJson(r.result) } : null;
}

/** The insert, in the caller's transaction; an earlier submission under the same key instead, if any. */
export function* persistSubmissionStep(
  input: PersistSubmissionInput,
  accountId: string,
  key: string | null,
  now: () => Date,
): Step<PersistOutcome> {
  const c = yield* liveChallenge(input.challengeId);
  // The lock first: this player's submissions on the challenge go one at a time.
  assertOnTeam(yield* membershipOf(c.id, accountId, true), input.team);
  if (key) {
    const existing = yield* submissionByKey(c.id, accountId, key);
    if (existing) return { kind: "existing", existing };
  }
  assertPromptLength(input.prompt, c.settings.max_prompt_chars);
  const at = now();
  yield* assertSubmissionRate(c.id, accountId, c.settings.submissions_per_minute, at);
  const endUserId = yield* ensureEndUserStep(c.workspaceId, accountId);
  const submission: StoredSubmission = {
    id: uuidv7(at.getTime()),
    team: input.team,
    prompt: input.prompt,
    accountId,
    utilityPassed: input.team === "blue" ? (input.utilityPassed ?? null) : null,
  };
  yield* exec(
    `INSERT INTO team_submissions (id, red_blue_challenge_id, tenant_id, account_id, end_user_id, team, prompt, active,
       idempotency_key, utility_passed, result, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, TRUE, $8, $9, NULL, $10)`,
    submission.id,
    c.id,
    c.workspaceId,
    accountId,
    endUserId,
    submission.team,
    submission.prompt,
    key,
    submission.utilityPassed,
    at,
  );
  return { kind: "new", submission, createdAt: at };
}

/** Stores a submission's answer (for replays of its Idempotency-Key). */
export function* storeSubmissionResult(submissionId: string, result: unknown): Step<void> {
  yield* exec(`UPDATE team_submissions SET result = $1::jsonb WHERE id = $2`, json(result), submissionId);
}

/** Removes a submission whose round failed, unless an opponent already paired with it. */
export function* discardSubmission(submissionId: string): Step<void> {
  yield* exec(
    `DELETE FROM team_submissions WHERE id = $1 AND NOT EXISTS (
       SELECT 1 FROM team_pairings WHERE attack_submission_id = $1 OR defense_submission_id = $1)`,
    submissionId,
  );
}
