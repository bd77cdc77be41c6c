import "server-only";
import type { AttemptResult } from "@/lib/contracts/attempts";
import { lockRow, query, transaction, type Step } from "@/lib/db/sql";
import { AppError, notFound } from "@/lib/errors";
import { scoreWithPlugin } from "@/lib/evaluation/plugins";
import { SecretFormMatcher } from "@/lib/evaluation/secret-forms";
import type { AttemptMetrics, EvaluationResult } from "@/lib/evaluation/types";
import type { ChallengeAttempt, Prisma } from "@/lib/generated/sqlite/client";
import { log } from "@/lib/log";
import { Masker } from "@/lib/workflow/engine/masking";
import { runWorkflowForWorkspace, type WorkspaceRunOptions } from "@/lib/services/runs/run-workflow";
import { loadPluginRow } from "@/lib/services/plugins";
import { completedRunSteps } from "@/lib/services/runs/store";
import type { PlayerEvent, RunResult, WorkflowGraph } from "@/lib/workflow/types";
import { DEFAULT_RUN_LIMITS } from "@/lib/workflow/engine/limits";
import { claimIsLive, LEASE_OWNER, leaseTiming, promptHash } from "@/lib/services/attempts/lease";
import {
  allowanceStep,
  assertAccountRate,
  assertAllowed,
  PENDING_STALE_MS,
  reapDeadClaims,
} from "@/lib/services/attempts/limits";
import { recordAttemptInTransaction, type FinalAttemptStatus, type RecordAttemptInput } from "@/lib/services/attempts/record";
import {
  allPendingClaims,
  attemptById,
  attemptByKey,
  ensureEndUserStep,
  failDeadClaim,
  failPendingAttempt,
  insertPendingAttempt,
  loadPlayable,
  renewLease,
  takeOverClaim,
  type PlayableRow,
} from "@/lib/services/attempts/store";

// Playing a challenge: claim → run → evaluate → score → record.
//
// Idempotency: the first call with a given (end user, idempotency key) inserts a *pending*
// attempt row holding the key (the unique index on end_user_id + idempotency_key makes the
// claim atomic) before anything runs; every other call with that key waits for that row to be
// completed and returns its result. So the workflow runs once and the attempt counts once, no
// matter how many copies of a request arrive. Claims of one player are serialized by a lock on
// their end-user row (lib/db/sql.ts lockRow), which also makes maxAttempts, the cooldown and the
// per-account rate (within one workspace) exact under parallel submits.

export type RunStep = (opts: WorkspaceRunOptions) => Promise<RunResult>;
export type ScoreStep = typeof scoreWithPlugin;

export interface SubmitDeps {
  runWorkflow: RunStep;
  scoreWithPlugin: ScoreStep;
}

export interface SubmitAttemptInput {
  challengeId: string;
  accountId: string;
  prompt: string;
  idempotencyKey?: string | null;
  /**
   * The player's view of the run (lib/workflow/engine/player-view.ts), for streaming: run
   * started, coarse progress, the answer's text as it is generated when the graph cannot withhold
   * it, and the final masked `answer` once the attempt is recorded. Never node ids, other nodes'
   * outputs or judge data. Not called for a replay.
   */
  onEvent?: (event: PlayerEvent) => void;
  /** Cancels the run (and a replay's wait) when the request goes away. */
  signal?: AbortSignal;
  /** Epoch ms after which a replay stops waiting (default: now + REPLAY_WAIT_MS). */
  deadline?: number;
}

export type { AttemptResult };

const MESSAGES = {
  pass: "Success! The response met the challenge's goal.",
  fail: "Not yet: the response did not meet the challenge's goal.",
  judgeError: "The judge could not reach a verdict. This attempt was not counted; please try again.",
  runFailed: "The challenge's workflow failed, so this attempt was not evaluated or counted.",
  // Providers' own error text (keys, org ids, hosts, parser dumps) is for members: it stays in
  // the run trace (console attempt browser), never in what the player sees.
  modelUnavailable: "The model is unavailable; this attempt was not counted.",
  noEvaluator: "This challenge's workflow has no Prompt Challenge step, so the answer could not be evaluated.",
  cancelled: "The attempt was cancelled before it finished and was not counted.",
  abandoned: "The attempt did not finish (the server stopped while it ran) and was not counted.",
} as const;

type PlayableChallenge = PlayableRow;

async function loadPlayableChallenge(challengeId: string, accountId: string) {
  const challenge = await query(() => loadPlayable(challengeId, accountId));
  if (!challenge || !challenge.isActive) throw notFound("Challenge");
  if (!challenge.workflowId || !challenge.versionId) {
    throw new AppError("conflict", "This challenge cannot be played yet: its workflow has not been published.");
  }
  return {
    challenge,
    workflowId: challenge.workflowId,
    version: { id: challenge.versionId, graph: challenge.graph },
  };
}


// In-process wake-ups for requests waiting on a pending attempt; other processes poll.
const waiters = new Map<string, Set<() => void>>();
function settled(attemptId: string): void {
  const set = waiters.get(attemptId);
  waiters.delete(attemptId);
  set?.forEach((wake) => wake());
}
function nextWake(attemptId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let set = waiters.get(attemptId);
    if (!set) waiters.set(attemptId, (set = new Set()));
    const wake = () => {
      clearTimeout(timer);
      set.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    set.add(wake);
  });
}

/** How long a request with a reused key waits, at most, for the attempt running under it. */
export const REPLAY_WAIT_MS = DEFAULT_RUN_LIMITS.maxWallMs + 5_000;

type Waited = { kind: "done" | "takeover"; row: ChallengeAttempt } | null;

/**
 * Waits until a pending attempt is completed; takes its claim over ("takeover": the caller runs
 * it) when the process running it died (lease.ts). Null when it was withdrawn. The wait ends at
 * the request's own deadline (409 with Retry-After) or when its signal aborts.
 */
async function waitForAttempt(attemptId: string, deadline: number, signal?: AbortSignal): Promise<Waited> {
  let delay = 25;
  for (;;) {
    const row = await query(() => attemptById(attemptId));
    if (!row) return null;
    if (row.status !== "pending") return { kind: "done", row };
    if (!claimIsLive(row, PENDING_STALE_MS)) {
      const until = new Date(Date.now() + leaseTiming.leaseMs);
      if (await transaction(() => takeOverClaim(row, LEASE_OWNER, until))) {
        log.info("took over an abandoned attempt", { attemptId, from: row.leaseOwner });
        return { kind: "takeover", row: { ...row, leaseOwner: LEASE_OWNER, leaseUntil: until } };
      }
    }
    if (signal?.aborted) throw new AppError("conflict", "The request was cancelled while waiting for the attempt");
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new AppError(
        "conflict",
        "The attempt with this idempotency key is still running; retry with the same key in a moment.",
        { headers: { "Retry-After": "2" } },
      );
    }
    await nextWake(attemptId, Math.min(delay, left));
    delay = Math.min(delay * 2, 500);
  }
}

/** Refuses a reused idempotency key whose claim was made for another prompt (422). */
function assertSamePrompt(existing: { promptHash: string | null }, hash: string | null): void {
  if (existing.promptHash && hash && existing.promptHash !== hash) {
    throw new AppError(
      "validation_failed",
      "This idempotency key was already used with a different prompt; use a new key for a new attempt.",
    );
  }
}

/** Keeps a claim's lease alive while its run lasts; `signal` aborts when another process took it over. */
function holdLease(attemptId: string): { signal: AbortSignal; stop: () => void } {
  const lost = new AbortController();
  const timer = setInterval(() => {
    transaction(() => renewLease(attemptId, LEASE_OWNER, new Date(Date.now() + leaseTiming.leaseMs))).then(
      (held) => {
        if (!held && !lost.signal.aborted) lost.abort(new AppError("conflict", "This attempt was taken over by another server"));
      },
      (err: unknown) => log.warn("attempt lease renewal failed", { attemptId, error: String(err) }),
    );
  }, leaseTiming.heartbeatMs);
  timer.unref();
  return { signal: lost.signal, stop: () => clearInterval(timer) };
}

/**
 * At start-up: marks pending attempts whose run is dead (lease expired, or their process on this
 * host is gone, e.g. this server's previous life) as errored and not counted. Returns how many.
 */
export async function sweepAbandonedAttempts(limit = 1000): Promise<number> {
  let swept = 0;
  for (const row of await query(() => allPendingClaims(limit))) {
    if (claimIsLive(row, PENDING_STALE_MS)) continue;
    if (await transaction(() => failDeadClaim(row, MESSAGES.abandoned))) swept++;
  }
  return swept;
}

type Claim = { kind: "claimed"; attempt: ChallengeAttempt } | { kind: "existing"; attemptId: string };

async function claim(
  challenge: PlayableChallenge,
  endUserId: string,
  input: SubmitAttemptInput,
  prompt: string,
  hash: string | null,
): Promise<Claim> {
  const key = input.idempotencyKey ?? null;
  return transaction(function* (): Step<Claim> {
    // Serializes this player's claims (see the file comment).
    yield* lockRow("end_users", endUserId);
    if (key) {
      const existing = yield* attemptByKey(endUserId, key);
      if (existing) {
        assertSamePrompt(existing, hash);
        return { kind: "existing", attemptId: existing.id };
      }
    }
    let allowed = yield* allowanceStep(challenge, endUserId);
    // Claims left by a crashed run stop counting now, not when their lease runs out (looked
    // for only when a limit would refuse this attempt).
    if ((allowed.attemptsLeft === 0 || allowed.cooldownUntil) && (yield* reapDeadClaims(challenge, endUserId, MESSAGES.abandoned))) {
      allowed = yield* allowanceStep(challenge, endUserId);
    }
    assertAllowed(allowed, challenge.maxAttempts);
    yield* assertAccountRate(input.accountId);
    const now = new Date();
    const attempt = yield* insertPendingAttempt({
      workspaceId: challenge.workspaceId,
      challengeId: challenge.id,
      endUserId,
      accountId: input.accountId,
      status: "pending",
      prompt,
      idempotencyKey: key,
      createdAt: now,
      promptHash: hash,
      leaseOwner: LEASE_OWNER,
      leaseUntil: new Date(now.getTime() + leaseTiming.leaseMs),
    });
    if (attempt) return { kind: "claimed", attempt };
    // Another process claimed the key between our read and insert.
    const raced = key ? yield* attemptByKey(endUserId, key) : null;
    if (!raced) throw new AppError("conflict", "The attempt could not be claimed; please retry.");
    assertSamePrompt(raced, hash);
    return { kind: "existing", attemptId: raced.id };
  });
}

function toResult(
  row: ChallengeAttempt,
  extra: { attemptsLeft: number | null; cooldownUntil: Date | null; replayed: boolean; firstBlood?: boolean; personalBest?: boolean; message?: string },
): AttemptResult {
  const status = (row.status === "pending" ? "errored" : row.status) as FinalAttemptStatus;
  return {
    attempt_id: row.id,
    challenge_id: row.challengeId,
    status,
    succeeded: row.succeeded,
    score: row.score,
    judge_rating: row.judgeRating,
    judge_feedback: row.judgeFeedback,
    message: extra.message ?? messageFor(row),
    answer: row.response,
    tokens_total: row.tokensTotal,
    elapsed_ms: row.elapsedMs,
    attempts_left: extra.attemptsLeft,
    cooldown_until: extra.cooldownUntil?.toISOString() ?? null,
    first_blood: extra.firstBlood ?? false,
    personal_best: extra.personalBest ?? false,
    replayed: extra.replayed,
    created_at: row.createdAt.toISOString(),
  };
}

function messageFor(row: ChallengeAttempt): string {
  if (row.status === "completed") return row.succeeded ? MESSAGES.pass : MESSAGES.fail;
  return row.errorMessage ?? (row.status === "judge_error" ? MESSAGES.judgeError : MESSAGES.runFailed);
}

interface Outcome {
  status: FinalAttemptStatus;
  succeeded: boolean;
  evaluation?: EvaluationResult;
  /** Stored as error_message and shown as the message when the attempt was not evaluated. */
  error?: string;
}

function outcomeOf(run: RunResult): Outcome {
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
    return { status: "judge_error", succeeded: false, evaluation, error: evaluation.feedback ?? MESSAGES.judgeError };
  }
  return { status: "completed", succeeded: evaluation.outcome === "pass", evaluation };
}

function judgeOutputOf(evaluation: EvaluationResult | undefined): Prisma.InputJsonValue | undefined {
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

async function customScore(
  deps: SubmitDeps,
  challenge: PlayableChallenge,
  endUserId: string,
  metrics: AttemptMetrics,
): Promise<number | null> {
  if (!challenge.scoringPluginId) {
    log.warn("custom scoring without a scorer plugin", { challengeId: challenge.id });
    return null;
  }
  const config =
    challenge.scoringConfig && typeof challenge.scoringConfig === "object" && !Array.isArray(challenge.scoringConfig)
      ? (challenge.scoringConfig as Record<string, unknown>)
      : {};
  try {
    const res = await deps.scoreWithPlugin({
      workspaceId: challenge.workspaceId,
      loadPlugin: loadPluginRow,
      pluginId: challenge.scoringPluginId,
      entrypoint: challenge.scoringEntrypoint,
      metrics,
      config,
      ctx: { workflowId: challenge.workflowId, challengeId: challenge.id, endUserId },
    });
    if (res.ok && Number.isFinite(res.result.score)) return res.result.score;
    log.warn("scorer plugin failed", { challengeId: challenge.id, error: res.ok ? "non-finite score" : res.error });
  } catch (err) {
    log.warn("scorer plugin failed", { challengeId: challenge.id, error: err });
  }
  return null;
}

/**
 * Plays one attempt for a signed-in player. Throws AppError not_found (unknown or inactive
 * challenge), conflict (no published workflow) or rate_limited (maxAttempts, cooldown, the
 * per-account rate limit; with Retry-After). Model and grader failures are results (status
 * "errored" / "judge_error"), not exceptions.
 */
export async function submitAttemptWith(deps: SubmitDeps, input: SubmitAttemptInput): Promise<AttemptResult> {
  const { challenge, workflowId, version } = await loadPlayableChallenge(input.challengeId, input.accountId);
  // The player's EndUser in the challenge's workspace is created on their first attempt.
  const endUserId =
    challenge.endUserId ?? (await transaction(() => ensureEndUserStep(challenge.workspaceId, input.accountId)));
  const secret = challenge.run.secret;
  const masker = new Masker();
  masker.add(secret);

  const deadline = input.deadline ?? Date.now() + REPLAY_WAIT_MS;
  const hash = input.idempotencyKey ? promptHash(input.prompt) : null;
  // Texts the player was not meant to see the secret in are also masked against its disguises.
  const forms = new SecretFormMatcher([secret]);
  const ctx = { challenge, workflowId, version, endUserId, masker, forms };
  const replay = async (attemptId: string): Promise<AttemptResult | null> => {
    const waited = await waitForAttempt(attemptId, deadline, input.signal);
    if (!waited) return null;
    // The process that claimed the key died: this request runs the attempt, still only once.
    if (waited.kind === "takeover") return play(deps, input, ctx, waited.row);
    return toResult(waited.row, { ...(await query(() => allowanceStep(challenge, endUserId))), replayed: true });
  };

  // A retried request never counts again, not even against the rate limit. A replay that
  // finds its attempt withdrawn (deleted) tries again from the start.
  for (let round = 0; round < 3; round++) {
    if (input.idempotencyKey) {
      const key = input.idempotencyKey;
      const existing = await query(() => attemptByKey(endUserId, key));
      if (existing) {
        assertSamePrompt(existing, hash);
        const replayed = await replay(existing.id);
        if (replayed) return replayed;
        continue;
      }
    }
    const claimed = await claim(challenge, endUserId, input, masker.mask(input.prompt), hash);
    if (claimed.kind === "existing") {
      const replayed = await replay(claimed.attemptId);
      if (replayed) return replayed;
      continue;
    }
    return await play(deps, input, ctx, claimed.attempt);
  }
  throw new AppError("conflict", "Another request with this idempotency key was withdrawn; please retry.");
}

async function play(
  deps: SubmitDeps,
  input: SubmitAttemptInput,
  ctx: {
    challenge: PlayableChallenge;
    workflowId: string;
    version: { id: string; graph: unknown };
    endUserId: string;
    masker: Masker;
    forms: SecretFormMatcher;
  },
  pending: ChallengeAttempt,
): Promise<AttemptResult> {
  const { challenge, endUserId, masker } = ctx;
  // Judge feedback, error messages and an answer that did not win were not meant to reveal the
  // secret in any form; a winning answer is shown as the model said it (literal secret masked).
  const conceal = (text: string) => ctx.forms.mask(masker.mask(text));
  const lease = holdLease(pending.id);
  const signal = input.signal ? AbortSignal.any([input.signal, lease.signal]) : lease.signal;
  try {
    let run: RunResult;
    try {
      run = await deps.runWorkflow({
        workspaceId: challenge.workspaceId,
        workflowId: ctx.workflowId,
        workflowVersionId: ctx.version.id,
        graph: ctx.version.graph as WorkflowGraph,
        inputs: { prompt: input.prompt },
        endUserId,
        triggeredFrom: "play",
        challengeId: challenge.id,
        onPlayerEvent: input.onEvent,
        signal,
        // Read with the challenge, not again.
        knownChallenges: [challenge.run],
        // The run is written with the attempt, in the recording transaction below.
        persist: "with-caller",
      });
    } catch (err) {
      // The engine reports run failures in its result; a throw is a setup problem (invalid
      // graph, unknown model). The player gets a generic message; the detail goes to the log.
      log.error("challenge run threw", {
        challengeId: challenge.id,
        error: masker.mask(err instanceof Error ? `${err.name}: ${err.message}` : String(err)),
      });
      const recorded = await recordAttemptInTransaction(
        base(ctx, pending, { status: "errored", succeeded: false, errorMessage: MESSAGES.runFailed }),
      );
      return toResult(recorded.attempt, { ...(await query(() => allowanceStep(challenge, endUserId))), replayed: false });
    }

    const outcome = outcomeOf(run);
    const rating = outcome.evaluation?.rating ?? null;
    const score =
      outcome.succeeded && challenge.scoringStrategy === "custom"
        ? await customScore(deps, challenge, endUserId, {
            succeeded: true,
            tokens_total: run.tokensTotal,
            elapsed_ms: run.elapsedMs,
            rating,
            created_at: Date.now(),
          })
        : null;
    const answer = run.answerText ?? (typeof run.outputs.answer === "string" ? run.outputs.answer : null);
    const recorded = await recordAttemptInTransaction(
      base(ctx, pending, {
        persistRun: run.record ? () => completedRunSteps(run.record!) : undefined,
        status: outcome.status,
        succeeded: outcome.succeeded,
        customScore: score,
        workflowRunId: run.runId,
        judgeRating: rating,
        judgeFeedback: outcome.evaluation?.feedback ? conceal(outcome.evaluation.feedback) : null,
        judgeOutputRaw: judgeOutputOf(outcome.evaluation),
        tokensTotal: run.tokensTotal,
        judgeTokensTotal: run.judgeTokensTotal,
        elapsedMs: run.elapsedMs,
        response: answer === null ? null : outcome.succeeded ? masker.mask(answer) : conceal(answer),
        errorMessage: outcome.error ? conceal(outcome.error) : null,
      }),
    );
    // The answer exactly as recorded (masked, after every defense of the graph has run).
    if (recorded.attempt.response !== null) sendToPlayer(input, { type: "answer", text: recorded.attempt.response });
    return toResult(recorded.attempt, {
      ...(await query(() => allowanceStep(challenge, endUserId))),
      replayed: false,
      firstBlood: recorded.firstBlood,
      personalBest: recorded.personalBest,
    });
  } catch (err) {
    // Never leave a claimed key pending: waiters would wait for nothing (unless another process
    // has taken the claim over: then it is theirs to finish).
    await transaction(() => failPendingAttempt(pending.id, MESSAGES.runFailed, LEASE_OWNER)).catch(() => undefined);
    throw err;
  } finally {
    lease.stop();
    settled(pending.id);
  }
}

function sendToPlayer(input: SubmitAttemptInput, event: PlayerEvent): void {
  try {
    input.onEvent?.(event);
  } catch (err) {
    log.warn("attempt event listener threw", { challengeId: input.challengeId, error: String(err) });
  }
}

function base(
  ctx: { challenge: PlayableChallenge; endUserId: string },
  pending: ChallengeAttempt,
  fields: Omit<RecordAttemptInput, "challenge" | "attemptId" | "endUserId" | "accountId" | "leaseOwner">,
): RecordAttemptInput {
  return {
    challenge: ctx.challenge,
    attemptId: pending.id,
    endUserId: ctx.endUserId,
    accountId: pending.accountId,
    // Only while this process still holds the claim (it may have been taken over).
    leaseOwner: LEASE_OWNER,
    ...fields,
  };
}

const defaultDeps: SubmitDeps = { runWorkflow: runWorkflowForWorkspace, scoreWithPlugin };

/** submitAttemptWith the real engine and plugin scorer. */
export function submitAttempt(input: SubmitAttemptInput): Promise<AttemptResult> {
  return submitAttemptWith(defaultDeps, input);
}
