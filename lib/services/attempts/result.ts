import "server-only";
import type { AttemptResult } from "@/lib/contracts/attempts";
import type { EvaluationResult } from "@/lib/evaluation/types";
import type { ChallengeAttempt, Prisma } from "@/lib/generated/sqlite/client";
import type { RunResult } from "@/lib/workflow/types";
import type { FinalAttemptStatus } from "@/lib/services/attempts/record";

// What the player is told about an attempt: the messages, the verdict of a run, the result object.

export const MESSAGES = {
  pass: "Success! The response met the challenge's goal.",
  fail: "Not yet: the response did not meet the challenge's goal.",
  judgeError: "The judge could not reach a verdict. This attempt was not counted; please try again.",
  runFailed: "The challenge's workflow failed, so this attempt was not evaluated or counted.",
  // Providers' own error text (keys, org ids, hosts, parser dumps) is for members: it stays in
  // the run trace (console attempt browser), never in what the player sees.
  modelUnavailable: "The model is unavailable; this attempt was not counted.",
  noEvaluator:
    "This challenge's workflow has no Prompt Challenge step, so the answer could not be evaluated.",
  cancelled: "The attempt was cancelled before it finished and was not counted.",
  abandoned: "The attempt did not finish (the server stopped while it ran) and was not counted.",
} as const;

/** A first run won but too few of the challenge's runs did: a miss, like any other. */
export function notReproducedMessage(wins: number, runs: number, needed: number): string {
  return `Your answer won, but only ${wins} of ${runs} runs of the same prompt won (${needed} needed), so the win was not counted.`;
}

/** Wins needed out of `runs` (reproduceWins, default all of them). */
export function winsNeeded(c: { reproduceWins: number | null }, runs: number): number {
  return Math.min(c.reproduceWins ?? runs, runs);
}

export function toResult(
  row: ChallengeAttempt,
  extra: {
    attemptsLeft: number | null;
    cooldownUntil: Date | null;
    replayed: boolean;
    firstBlood?: boolean;
    personalBest?: boolean;
    message?: string;
    /** The challenge's reproduction settings (for `needed`); absent: all runs. */
    reproduce?: { reproduceWins: number | null };
  },
): AttemptResult {
  const status = (row.status === "pending" ? "errored" : row.status) as FinalAttemptStatus;
  const reproduction =
    row.reproRuns === null
      ? null
      : {
          runs: row.reproRuns,
          wins: row.reproWins ?? 0,
          needed: extra.reproduce ? winsNeeded(extra.reproduce, row.reproRuns) : row.reproRuns,
          counted: row.succeeded,
        };
  return {
    attempt_id: row.id,
    challenge_id: row.challengeId,
    status,
    succeeded: row.succeeded,
    score: row.score,
    judge_rating: row.judgeRating,
    judge_feedback: row.judgeFeedback,
    message:
      extra.message ??
      (reproduction && !reproduction.counted && row.status === "completed"
        ? notReproducedMessage(reproduction.wins, reproduction.runs, reproduction.needed)
        : messageFor(row)),
    answer: row.response,
    tokens_total: row.tokensTotal,
    elapsed_ms: row.elapsedMs,
    attempts_left: extra.attemptsLeft,
    cooldown_until: extra.cooldownUntil?.toISOString() ?? null,
    first_blood: extra.firstBlood ?? false,
    personal_best: extra.personalBest ?? false,
    replayed: extra.replayed,
    reproduction,
    created_at: row.createdAt.toISOString(),
  };
}

export function messageFor(row: ChallengeAttempt): string {
  if (row.status === "completed") return row.succeeded ? MESSAGES.pass : MESSAGES.fail;
  return row.errorMessage ?? (row.status === "judge_error" ? MESSAGES.judgeError : MESSAGES.runFailed);
}

export interface Outcome {
  status: FinalAttemptStatus;
  succeeded: boolean;
  evaluation?: EvaluationResult;
  /** Stored as error_message and shown as the message when the attempt was not evaluated. */
  error?: string;
}

export function outcomeOf(run: RunResult): Outcome {
  // Errored attempts never count (limits.ts), as both messages say. The run's own error (node
  // ids, provider text) is kept on the run for members, not shown to the player.
  if (run.modelFailure) return { status: "errored", succeeded: false, error: MESSAGES.modelUnavailable };
  if (run.status === "cancelled") return { status: "errored", succeeded: false, error: MESSAGES.cancelled };
  if (run.status !== "succeeded") return { status: "errored", succeeded: false, error: MESSAGES.runFailed };
  const evaluation = run.evaluation;
  if (!evaluation) return { status: "errored", succeeded: false, error: MESSAGES.noEvaluator };
  // A grader failure (judge, plugin, misconfigured rules) is its own state: no pass, no fail,
  // not counted against the player.
  if (evaluation.outcome === "error") {
    return {
      status: "judge_error",
      succeeded: false,
      evaluation,
      error: evaluation.feedback ?? MESSAGES.judgeError,
    };
  }
  return { status: "completed", succeeded: evaluation.outcome === "pass", evaluation };
}

export function judgeOutputOf(evaluation: EvaluationResult | undefined): Prisma.InputJsonValue | undefined {
  if (!evaluation) return undefined;
  const raw = {
    evaluator: evaluation.evaluator,
    outcome: evaluation.outcome,
    rating: evaluation.rating,
    error_kind: evaluation.errorKind ?? null,
    judge: evaluation.judge ?? null,
    raw: evaluation.raw ?? null,
  };
  return JSON.parse(JSON.stringify(raw)) as Prisma.InputJsonValue;
}
