import "server-only";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { ChallengeAttempt, Prisma } from "@/lib/generated/sqlite/client";
import { log } from "@/lib/log";
import { isBetter } from "@/lib/scoring/compare";
import { leaderboardOrderBy } from "@/lib/scoring/order";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import { forgetBoardSize } from "@/lib/scoring/board-size";
import { lockRow } from "@/lib/services/attempts/row-lock";
import type { ChallengeStrategy } from "@/lib/scoring/types";

// Recording an attempt: the attempt row, the player's materialized best (leaderboard entry) and
// the outbox events are written in one transaction.
//
// Concurrency: the transaction's first statement locks the challenge row (row-lock.ts: FOR NO
// KEY UPDATE on PostgreSQL, the write lock on SQLite). Recordings of one challenge run one
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
  endUserId: string;
  accountId: string | null;
  workflowRunId?: string | null;
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
}

export interface RecordAttemptResult {
  attempt: ChallengeAttempt;
  /** The first successful attempt of the challenge. */
  firstBlood: boolean;
  /** The leaderboard head passed from another player to this one. */
  recordBeaten: boolean;
  /** The player's leaderboard entry was created or improved by this attempt. */
  personalBest: boolean;
}

/** Outbox payload of challenge_record_beaten, exactly as seed 000 shows it. */
export interface RecordBeatenPayload {
  event: "challenge_record_beaten";
  challenge_id: string;
  scoring_strategy: string;
  previous_record: { account_id: string | null; score: number | null };
  new_record: { account_id: string | null; score: number | null };
  occurred_at: number;
}

/** Outbox payload of challenge_first_blood (the seed names the event, not its payload). */
export interface FirstBloodPayload {
  event: "challenge_first_blood";
  challenge_id: string;
  scoring_strategy: string;
  account_id: string | null;
  attempt_id: string;
  score: number | null;
  occurred_at: number;
}

const headSelect = { id: true, endUserId: true, accountId: true, score: true, achievedAt: true } as const;

/** Writes one attempt, its leaderboard effect and its events inside `tx` (see the file comment). */
export async function recordAttempt(tx: Tx, input: RecordAttemptInput): Promise<RecordAttemptResult> {
  const { challenge } = input;
  const strategy = getChallengeStrategy(challenge.scoringStrategy);
  if (!(await lockRow(tx, "challenge", challenge.id))) throw notFound("Challenge");

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

  const orderBy = leaderboardOrderBy(strategy);
  const headBefore = ranked
    ? await tx.challengeLeaderboardEntry.findFirst({ where: { challengeId: challenge.id }, orderBy, select: headSelect })
    : null;

  // A success never ties the current head on time: "first" stays with the first blood, and an
  // equal value never takes the lead on the id tie-break.
  let at = new Date();
  if (headBefore && at.getTime() <= headBefore.achievedAt.getTime()) at = new Date(headBefore.achievedAt.getTime() + 1);

  const data = {
    status: input.status,
    succeeded,
    score,
    judgeRating: metrics.judgeRating,
    judgeFeedback: input.judgeFeedback ?? null,
    judgeOutputRaw: input.judgeOutputRaw,
    tokensTotal: metrics.tokensTotal,
    judgeTokensTotal: input.judgeTokensTotal ?? null,
    elapsedMs: metrics.elapsedMs,
    response: input.response ?? null,
    errorMessage: input.errorMessage ?? null,
    workflowRunId: input.workflowRunId ?? null,
    // The attempt counts from the moment it is recorded: cooldowns and "first" use this time.
    createdAt: at,
  };
  const attempt = input.attemptId
    ? await completePending(tx, input, data)
    : await tx.challengeAttempt.create({
        data: {
          ...data,
          workspaceId: challenge.workspaceId,
          challengeId: challenge.id,
          endUserId: input.endUserId,
          accountId: input.accountId,
          prompt: input.prompt ?? null,
          idempotencyKey: input.idempotencyKey ?? null,
        },
      });

  const personalBest = await updateEntry(tx, strategy, attempt, ranked, completed);

  const occurredAt = at.getTime();
  let firstBlood = false;
  // A board with a head already had a success; only an empty board needs the lookup.
  if (succeeded && !headBefore) {
    const earlier = await tx.challengeAttempt.findFirst({
      where: { challengeId: challenge.id, succeeded: true, id: { not: attempt.id } },
      select: { id: true },
    });
    firstBlood = earlier === null;
  }
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
    await tx.notificationEvent.create({
      data: { workspaceId: challenge.workspaceId, event: payload.event, payload: { ...payload }, occurredAt: at },
    });
  }

  let recordBeaten = false;
  if (personalBest && headBefore) {
    const headAfter = await tx.challengeLeaderboardEntry.findFirst({
      where: { challengeId: challenge.id },
      orderBy,
      select: headSelect,
    });
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
      await tx.notificationEvent.create({
        data: { workspaceId: challenge.workspaceId, event: payload.event, payload: { ...payload }, occurredAt: at },
      });
    }
  }

  return { attempt, firstBlood, recordBeaten, personalBest };
}

async function completePending(
  tx: Tx,
  input: RecordAttemptInput,
  data: Omit<Prisma.ChallengeAttemptUncheckedUpdateInput, "id">,
): Promise<ChallengeAttempt> {
  try {
    return await tx.challengeAttempt.update({
      where: { id: input.attemptId, challengeId: input.challenge.id, endUserId: input.endUserId, status: "pending" },
      data,
    });
  } catch (err) {
    if ((err as { code?: unknown }).code === "P2025") throw new AppError("conflict", "This attempt was already recorded");
    throw err;
  }
}

/**
 * Keeps the player's materialized best: created on their first ranked success, replaced when a
 * later one is strictly better, and attemptsCount = their completed attempts on the challenge.
 * Returns true when the best changed.
 */
async function updateEntry(
  tx: Tx,
  strategy: ChallengeStrategy,
  attempt: ChallengeAttempt,
  ranked: boolean,
  completed: boolean,
): Promise<boolean> {
  const key = { challengeId: attempt.challengeId, endUserId: attempt.endUserId };
  const existing = await tx.challengeLeaderboardEntry.findUnique({ where: { challengeId_endUserId: key } });
  const best = ranked ? entryValues(strategy, attempt) : null;
  if (best && !existing) {
    const attemptsCount = await tx.challengeAttempt.count({ where: { ...key, status: "completed" } });
    await tx.challengeLeaderboardEntry.create({ data: { ...key, ...best, attemptsCount } });
    forgetBoardSize(key.challengeId);
    return true;
  }
  if (!existing) return false;
  const increment = completed ? { attemptsCount: { increment: 1 } } : {};
  if (best && isBetter(strategy, best, existing)) {
    await tx.challengeLeaderboardEntry.update({ where: { id: existing.id }, data: { ...best, ...increment } });
    return true;
  }
  if (completed) await tx.challengeLeaderboardEntry.update({ where: { id: existing.id }, data: increment });
  return false;
}

/**
 * The entry columns for a ranked attempt. The ranked column holds the strategy's value, which
 * differs from the attempt only for an unrated success under highest_rating (stored as 0).
 */
function entryValues(strategy: ChallengeStrategy, attempt: ChallengeAttempt) {
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
  return queued(input.challenge.id, async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.$transaction((tx) => recordAttempt(tx, input), { maxWait: 30_000, timeout: 30_000 });
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
