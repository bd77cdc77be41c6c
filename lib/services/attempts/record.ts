// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { concurrently, dialect, lockRow, nothing, transaction, type Step } from "@/lib/db/sql";
import { AppError, notFound } from "@/lib/errors";
import type { ChallengeAttempt, Prisma } from "@/lib/generated/sqlite/client";
import { log } from "@/lib/log";
import { isBetter } from "@/lib/scoring/compare";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import { forgetBoardSize } from "@/lib/scoring/board-size";
import type { BoardChange } from "@/lib/scoring/board-ranks";
import { entryKey } from "@/lib/scoring/entry-key";
import { announceBoardEntries, forgetBoardEverywhere } from "@/lib/services/caches";
import {
  boardHead,
  bumpEntryCount,
  completedAttemptCount,
  completePendingAttempt,
  insertAttempt,
  insertEntry,
  insertContestedReview,
  insertOutboxEvent,
  isContested,
  latestAchievement,
  otherSuccessExists,
  playerEntry,
  replaceEntryBest,
  type AttemptOutcomeFields,
  type EntryRow,
  type EntryValues,
} from "@/lib/services/attempts/store";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { syncEntryHintCost } from "@/lib/services/hints/store";

// Recording an attempt: the attempt row, the player's materialized best (leaderboard entry) and
// the outbox events are written in one transaction.
//
// Concurrency: the transaction locks the challenge row first (lib/db/sql.ts lockRow: FOR NO
// KEY UPDATE on PostgreSQL; on SQLite the transaction is BEGIN IMMEDIATE, the write lock).
// The statements live in store.ts. Recordings of one challenge run one
// after another, and everything the transaction reads afterwards — the leaderboard head, the
// player's entry, whether anyone succeeded before — is committed state.
// That makes "exactly one first blood" and "the head changed" exact without serializable
// retries, at the cost of serializing the short recording step (never the model run) per
// challenge.

export type AttemptStatus = "pending" | "completed" | "errored" | "judge_error";
export type FinalAttemptStatus = Exclude<AttemptStatus, "pending">;

export interface RecordChallenge {
  id: string;
  workspaceId: string;
  scoringStrategy: string;
  points: number;
}

export interface RecordAttemptInput {
  challenge: RecordChallenge;
  /** Completes this pending attempt (claimed by submitAttempt) instead of inserting a row. */
  attemptId?: string;
  /** With attemptId: complete it only while this process holds its claim (attempts/lease.ts). */
  leaseOwner?: string;
  endUserId: string;
  accountId: string | null;
  /** A guest kept off the board by the challenge: the attempt is recorded, no board entry or first blood. */
  offBoard?: boolean;
  workflowRunId?: string | null;
  /** Writes the attempt's workflow run first, in the same transaction (runWorkflow's persistSteps). */
  persistRun?: () => Step<void>;
  /** completed = evaluated; errored = the run failed (model/provider); judge_error = the grader failed. */
  status: FinalAttemptStatus;
  /** Only a completed attempt can succeed. */
  succeeded: boolean;
  /** custom strategy: the scorer plugin's score, null when it failed. Other strategies derive the score. */
  customScore?: number | null;
  judgeRating?: number | null;
  judgeFeedback?: string | null;
  judgeOutputRaw?: Prisma.InputJsonValue;
  tokensTotal?: number | null;
  judgeTokensTotal?: number | null;
  elapsedMs?: number | null;
  prompt?: string | null;
  /** The model's answer, already masked. */
  response?: string | null;
  errorMessage?: string | null;
  idempotencyKey?: string | null;
  /** When the win was achieved, if before this recording (a reproduced win: its first run's end). */
  achievedAt?: Date;
  /** Reproduction: runs made in all and how many won (null / absent when it did not run). */
  reproRuns?: number | null;
  reproWins?: number | null;
}

export interface RecordAttemptResult {
  attempt: ChallengeAttempt;
  /** The first successful attempt of the challenge. */
  firstBlood: boolean;
  /** The leaderboard head passed from another player to this one. */
  recordBeaten: boolean;
  /** The player's leaderboard entry was created or improved by this attempt. */
  personalBest: boolean;
  /** With personalBest: the entry's new ranked key, in the board's strategy. */
  boardChange?: { strategy: string; change: BoardChange };
}

/** Outbox payload of challenge_record_beaten (recordBeatenPayloadSchema's shape). */
export interface RecordBeatenPayload {
  event: "challenge_record_beaten";
  challenge_id: string;
  scoring_strategy: string;
  previous_record: { account_id: string | null; score: number | null };
  new_record: { account_id: string | null; score: number | null };
  occurred_at: number;
}

/** Outbox payload of challenge_first_blood (Gauntlet's own payload). */
export interface FirstBloodPayload {
  event: "challenge_first_blood";
  challenge_id: string;
  scoring_strategy: string;
  account_id: string | null;
  attempt_id: string;
  score: number | null;
  occurred_at: number;
}

/** Writes one attempt, its leaderboard effect and its events, inside transaction() (see the file comment). */
export function* recordAttempt(input: RecordAttemptInput): Step<RecordAttemptResult> {
  const { challenge } = input;
  const strategy = getChallengeStrategy(challenge.scoringStrategy);
  const completed = input.status === "completed";
  const succeeded = completed && input.succeeded;
  const metrics = {
    elapsedMs: input.elapsedMs ?? null,
    tokensTotal: input.tokensTotal ?? null,
    judgeRating: input.judgeRating ?? null,
  };
  const score = succeeded
    ? strategy.score({ ...metrics, points: challenge.points, pluginScore: input.customScore ?? null })
    : null;
  const rankValue = succeeded ? strategy.rankValue({ ...metrics, score }) : null;
  const ranked = rankValue !== null;

  // The reads go out with the lock, in one round trip, and run after it (statements of a
  // transaction run in order), so they see every recording committed before this one.
  const [found, headBefore, existing, latest] = yield* concurrently(
    lockRow("challenges", challenge.id),
    ranked ? boardHead(challenge.id, strategy) : nothing(),
    playerEntry(challenge.id, input.endUserId),
    ranked ? latestAchievement(challenge.id) : nothing(),
  );
  if (!found) throw notFound("Challenge");

  // A ranked success is timed strictly after every best on the board (recordings of a
  // challenge are serialized, so this only matters within one millisecond): "first" stays with
  // the first blood, an equal value never takes the lead on the id tie-break, and equal values
  // rank in recording order, as a recomputation from the attempts' (value, time, id) would.
  // A reproduced win keeps its first run's time (achievedAt) unless a best recorded meanwhile is
  // later: announced firsts and records are never overtaken after the fact, so the floor wins.
  let at = input.achievedAt ?? new Date();
  if (ranked) {
    const floor = latest?.getTime() ?? 0;
    if (at.getTime() <= floor) at = new Date(floor + 1);
  }

  const fields: AttemptOutcomeFields = {
    status: input.status,
    succeeded,
    score,
    judgeRating: metrics.judgeRating,
    judgeFeedback: input.judgeFeedback ?? null,
    judgeOutputRaw: input.judgeOutputRaw ?? null,
    tokensTotal: metrics.tokensTotal,
    judgeTokensTotal: input.judgeTokensTotal ?? null,
    elapsedMs: metrics.elapsedMs,
    response: input.response ?? null,
    errorMessage: input.errorMessage ?? null,
    workflowRunId: input.workflowRunId ?? null,
    reproRuns: input.reproRuns ?? null,
    reproWins: input.reproWins ?? null,
    // The attempt counts from the moment it is recorded (a reproduced win: achieved, above):
    // cooldowns and "first" use this time.
    createdAt: at,
  };
  // The run's rows and the attempt's go out side by side (the run's row first: the attempt
  // refers to it).
  const [, result] = yield* concurrently(
    input.persistRun ? input.persistRun() : nothing(),
    recordOutcome(input, strategy, { headBefore, existing, ranked, completed, succeeded, score, at, fields }),
  );
  return result;
}

/** recordAttempt after its reads: the attempt row, the board entry and the events. */
function* recordOutcome(
  input: RecordAttemptInput,
  strategy: ChallengeStrategy,
  o: {
    headBefore: EntryRow | null;
    existing: EntryRow | null;
    ranked: boolean;
    completed: boolean;
    succeeded: boolean;
    score: number | null;
    at: Date;
    fields: AttemptOutcomeFields;
  },
): Step<RecordAttemptResult> {
  const { challenge } = input;
  const { headBefore, existing, ranked, completed, succeeded, score, at, fields } = o;
  let attempt: ChallengeAttempt;
  if (input.attemptId) {
    const done = yield* completePendingAttempt(input.attemptId, challenge.id, input.endUserId, fields, input.leaseOwner);
    if (!done) throw new AppError("conflict", "This attempt was already recorded");
    attempt = done;
  } else {
    attempt = yield* insertAttempt(
      {
        workspaceId: challenge.workspaceId,
        challengeId: challenge.id,
        endUserId: input.endUserId,
        accountId: input.accountId,
        status: input.status,
        prompt: input.prompt ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        createdAt: at,
      },
      fields,
    );
  }

  // Contested by consensus judging: the creator's review queue gets it (one insert, only then).
  if (isContested(input.status, input.judgeOutputRaw)) {
    yield* insertContestedReview(challenge.workspaceId, challenge.id, attempt.id, at);
  }

  const personalBest = input.offBoard ? false : yield* updateEntry(strategy, attempt, existing, ranked, completed);

  const occurredAt = at.getTime();
  let firstBlood = false;
  // A board with a head already had a success; only an empty board needs the lookup.
  if (succeeded && !headBefore && !input.offBoard) firstBlood = !(yield* otherSuccessExists(challenge.id, attempt.id));
  if (firstBlood) {
    const payload: FirstBloodPayload = {
      event: "challenge_first_blood",
      challenge_id: challenge.id,
      scoring_strategy: strategy.name,
      account_id: attempt.accountId,
      attempt_id: attempt.id,
      score,
      occurred_at: occurredAt,
    };
    yield* insertOutboxEvent(challenge.workspaceId, payload.event, payload, at);
  }

  let recordBeaten = false;
  if (personalBest && headBefore) {
    const headAfter = yield* boardHead(challenge.id, strategy);
    if (headAfter && headAfter.endUserId !== headBefore.endUserId) {
      recordBeaten = true;
      const payload: RecordBeatenPayload = {
        event: "challenge_record_beaten",
        challenge_id: challenge.id,
        scoring_strategy: strategy.name,
        previous_record: { account_id: headBefore.accountId, score: headBefore.score },
        new_record: { account_id: headAfter.accountId, score: headAfter.score },
        occurred_at: occurredAt,
      };
      yield* insertOutboxEvent(challenge.workspaceId, payload.event, payload, at);
    }
  }

  const boardChange = personalBest
    ? { strategy: strategy.name, change: boardChangeOf(strategy, attempt) }
    : undefined;
  return { attempt, firstBlood, recordBeaten, personalBest, ...(boardChange ? { boardChange } : {}) };
}

function boardChangeOf(strategy: ChallengeStrategy, attempt: ChallengeAttempt): BoardChange {
  const key = entryKey(strategy, entryValues(strategy, attempt));
  return {
    endUserId: attempt.endUserId,
    value: key.value,
    achievedAt: key.achievedAt.getTime(),
    bestAttemptId: key.bestAttemptId,
  };
}

/**
 * Keeps the player's materialized best: created on their first ranked success, replaced when a
 * later one is strictly better, and attemptsCount = their completed attempts on the challenge.
 * Returns true when the best changed.
 */
function* updateEntry(
  strategy: ChallengeStrategy,
  attempt: ChallengeAttempt,
  existing: EntryRow | null,
  ranked: boolean,
  completed: boolean,
): Step<boolean> {
  const best = ranked ? entryValues(strategy, attempt) : null;
  if (best && !existing) {
    const attemptsCount = yield* completedAttemptCount(attempt.challengeId, attempt.endUserId);
    yield* insertEntry(attempt.challengeId, attempt.endUserId, best, attemptsCount);
    // Hints unlocked before the first success count against the new entry (lib/services/hints/store.ts).
    yield* syncEntryHintCost(attempt.challengeId, attempt.endUserId);
    forgetBoardSize(attempt.challengeId);
    return true;
  }
  if (!existing) return false;
  if (best && isBetter(strategy, best, existing)) {
    yield* replaceEntryBest(existing.id, best, completed ? 1 : 0);
    return true;
  }
  if (completed) yield* bumpEntryCount(existing.id);
  return false;
}

/**
 * The entry columns for a ranked attempt. The ranked column holds the strategy's value, which
 * differs from the attempt only for an unrated success under highest_rating (stored as 0).
 */
function entryValues(strategy: ChallengeStrategy, attempt: ChallengeAttempt): EntryValues {
  return {
    accountId: attempt.accountId,
    bestAttemptId: attempt.id,
    score: attempt.score,
    elapsedMs: attempt.elapsedMs,
    tokensTotal: attempt.tokensTotal,
    judgeRating: strategy.column === "judgeRating" ? strategy.rankValue(attempt) : attempt.judgeRating,
    achievedAt: attempt.createdAt,
  };
}

const RETRYABLE = /P2034|SQLITE_BUSY|database is locked|deadlock|could not serialize/i;

// Recordings of one challenge queue here, in process, before they open a transaction: a
// transaction waiting on the challenge's row lock would otherwise hold a pooled connection
// while it waits, and a burst of successes on one challenge could drain the pool for every
// other query. The database lock still orders recordings across processes.
const queues = new Map<string, Promise<unknown>>();

function queued<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

/**
 * recordAttempt in its own transaction, retried a few times on lock timeouts and deadlocks
 * (the transaction is rolled back first, so a retry starts clean).
 */
export function recordAttemptInTransaction(input: RecordAttemptInput): Promise<RecordAttemptResult> {
  // SQLite needs no queue: its transactions run one at a time, without awaits, and recordings
  // of one challenge can then share a group commit (lib/db/sql.ts).
  const order = dialect() === "postgresql" ? queued : <T>(_key: string, task: () => Promise<T>) => task();
  return order(input.challenge.id, async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await transaction(() => recordAttempt(input));
        // After the commit, so no reader caches the board as it was before this attempt; other
        // instances hear of it over pub/sub (lib/services/caches.ts).
        if (result.boardChange) {
          announceBoardEntries(input.challenge.id, result.boardChange.strategy, [result.boardChange.change]);
        } else if (result.personalBest) forgetBoardEverywhere(input.challenge.id);
        return result;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        const text = `${typeof code === "string" ? code : ""} ${err instanceof Error ? err.message : ""}`;
        if (attempt >= 5 || !RETRYABLE.test(text)) throw err;
        log.warn("attempt recording retried", { challengeId: input.challenge.id, attempt });
        await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
      }
    }
  });
}
