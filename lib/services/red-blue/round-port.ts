// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import { query, transaction } from "@/lib/db/sql";
import type {
  RecordedPairing,
  StoredSubmission,
  TeamRoundChallenge,
  TeamRoundPort,
} from "@/lib/red-blue/port";
import { challengeSecret, liveChallenge } from "@/lib/services/red-blue/membership";
import { selectOpponentStep, type SelectOpponentInput } from "@/lib/services/red-blue/opponent-selection";
import { recordPairingStep, type RecordPairingInput } from "@/lib/services/red-blue/pairing-record";
import {
  discardSubmission,
  persistSubmissionStep,
  storeSubmissionResult,
  submissionByKey,
  type ExistingSubmission,
  type PersistOutcome,
  type PersistSubmissionInput,
} from "@/lib/services/red-blue/submission-store";

// The player's rounds in storage (lib/red-blue/port.ts TeamRoundPort), for one player: the
// direct submit (submit.ts) and the team-challenge node of a workflow run both go through it.
// Each method is one query or transaction over the steps of its own file:
//
// - persistSubmission (submission-store.ts): the player's membership row is locked (PostgreSQL:
//   SELECT … FOR UPDATE; SQLite transactions hold the write lock), then the Idempotency-Key, the
//   limits (submission-limits.ts) and the insert, so parallel submissions of one player
//   serialise on every app instance.
// - selectOpponent (opponent-selection.ts): the same lock, the other side's active submissions
//   with their records, the selector's round_robin rotation, the pure pick
//   (lib/red-blue/selection.ts), the rotation bump and, for request_new_if_none with nothing
//   fresh, the team_submission_requested event: one transaction, nothing kept in the process.
// - recordPairing (pairing-record.ts): the pairing row and its team_pairing_completed outbox
//   event in one transaction (with the submission's stored answer, for replays, when the submit
//   path asks).

export interface RoundPortOptions {
  accountId: string;
  /** The submit request's Idempotency-Key (stored with the submission). */
  idempotencyKey?: string | null;
  /** Clock (tests). */
  now?: () => Date;
  /** random_active's pick, a number in [0, 1). */
  random?: () => number;
}

export interface RoundPort extends TeamRoundPort {
  /** persistSubmission, telling a new submission from one stored earlier under the same key. */
  persist(input: PersistSubmissionInput): Promise<PersistOutcome>;
  /** The submission stored under the port's Idempotency-Key, if any (no lock; a fast path). */
  findByKey(challengeId: string): Promise<ExistingSubmission | null>;
  recordPairing(input: RecordPairingInput): Promise<RecordedPairing>;
  /** Stores the answer of a submission that waits (no opponent). */
  storeResult(submissionId: string, result: unknown): Promise<void>;
  /** A submission whose round failed (model error, cancelled): removed unless an opponent already paired with it. */
  discard(submissionId: string): Promise<void>;
}

export function createTeamRoundPort(opts: RoundPortOptions): RoundPort {
  const { accountId } = opts;
  const key = opts.idempotencyKey ?? null;
  const now = opts.now ?? (() => new Date());

  const persist: RoundPort["persist"] = (input) =>
    transaction(() => persistSubmissionStep(input, accountId, key, now));

  return {
    async challenge(id): Promise<TeamRoundChallenge> {
      return query(function* () {
        const c = yield* liveChallenge(id);
        return {
          id: c.id,
          workspaceId: c.workspaceId,
          settings: c.settings,
          suite: c.suite,
          secret: yield* challengeSecret(c),
        };
      });
    },

    persist,

    async persistSubmission(input): Promise<StoredSubmission> {
      const out = await persist(input);
      return out.kind === "new" ? out.submission : out.existing.submission;
    },

    async findByKey(challengeId) {
      if (!key) return null;
      return query(() => submissionByKey(challengeId, accountId, key));
    },

    selectOpponent(input: SelectOpponentInput) {
      return transaction(() => selectOpponentStep(input, accountId, now, opts.random));
    },

    recordPairing(input: RecordPairingInput) {
      return transaction(() => recordPairingStep(input, now));
    },

    async storeResult(submissionId, result) {
      await transaction(() => storeSubmissionResult(submissionId, result));
    },

    async discard(submissionId) {
      await transaction(() => discardSubmission(submissionId));
    },
  };
}
