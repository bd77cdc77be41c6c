// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import {
  assertSamePrompt,
  claim,
  diedUncounted,
  holdLease,
  REPLAY_WAIT_MS,
  settled,
  waitForAttempt,
} from "@/lib/services/attempts/claims";
import { judgeOutputOf, MESSAGES, outcomeOf, toResult, winsNeeded } from "@/lib/services/attempts/result";
import type { AttemptResult } from "@/lib/contracts/attempts";
import { query, transaction } from "@/lib/db/sql";
import { AppError, notFound } from "@/lib/errors";
import { scoreWithPlugin } from "@/lib/evaluation/plugins";
import { SecretFormMatcher } from "@/lib/evaluation/secret-forms";
import type { AttemptMetrics } from "@/lib/evaluation/types";
import type { ChallengeAttempt } from "@/lib/generated/sqlite/client";
import { log } from "@/lib/log";
import { Masker } from "@/lib/workflow/engine/masking";
import { runWorkflowForWorkspace, type WorkspaceRunOptions } from "@/lib/services/runs/run-workflow";
import { loadPluginRow } from "@/lib/services/plugins";
import { completedRunSteps } from "@/lib/services/runs/store";
import type { PlayerEvent, RunResult, WorkflowGraph } from "@/lib/workflow/types";
import { LEASE_OWNER, promptHash } from "@/lib/services/attempts/lease";
import { allowanceStep } from "@/lib/services/attempts/limits";
import { recordAttemptInTransaction, type RecordAttemptInput } from "@/lib/services/attempts/record";
import { withCreatorFeedback } from "@/lib/services/attempts/feedback";
import { assertLevelOpen, attemptLadderStep } from "@/lib/services/ladder";
import {
  attemptByKey,
  ensureEndUserStep,
  ensureGuestEndUserStep,
  failPendingAttempt,
  loadPlayable,
  type PlayableRow,
  type PlayerRef,
} from "@/lib/services/attempts/store";
import { guestSessionId } from "@/lib/auth/guest-name";
import type { SubmitAttemptInput } from "@/lib/services/attempts/types";

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

export type { AttemptResult };
export { REPLAY_WAIT_MS, sweepAbandonedAttempts } from "@/lib/services/attempts/claims";

type PlayableChallenge = PlayableRow;

async function loadPlayableChallenge(challengeId: string, player: PlayerRef) {
  const challenge = await query(() => loadPlayable(challengeId, player));
  if (!challenge || !challenge.isActive) throw notFound("Challenge");
  if ("guestSessionId" in player && !challenge.allowGuests) {
    throw new AppError("unauthorized", "Log in to play this challenge: its creator does not allow guests.");
  }
  if (!challenge.workflowId || !challenge.versionId) {
    throw new AppError(
      "conflict",
      "This challenge cannot be played yet: its workflow has not been published.",
    );
  }
  return {
    challenge,
    workflowId: challenge.workflowId,
    version: { id: challenge.versionId, graph: challenge.graph },
  };
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
    challenge.scoringConfig &&
    typeof challenge.scoringConfig === "object" &&
    !Array.isArray(challenge.scoringConfig)
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
    log.warn("scorer plugin failed", {
      challengeId: challenge.id,
      error: res.ok ? "non-finite score" : res.error,
    });
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
  const player: PlayerRef = input.accountId
    ? { accountId: input.accountId }
    : input.guestId
      ? { guestSessionId: guestSessionId(input.guestId) }
      : (() => {
          throw new AppError("unauthorized", "Log in to do this");
        })();
  const { challenge, workflowId, version } = await loadPlayableChallenge(input.challengeId, player);
  // The player's EndUser in the challenge's workspace is created on their first attempt.
  const endUserId =
    challenge.endUserId ??
    (await transaction(() =>
      "guestSessionId" in player
        ? ensureGuestEndUserStep(challenge.workspaceId, player.guestSessionId)
        : ensureEndUserStep(challenge.workspaceId, player.accountId),
    ));
  // A guest on a challenge whose creator keeps guests off the board: their attempts count for
  // them (limits, their own result) but make no board entry (claimed on registering).
  const offBoard = "guestSessionId" in player && !challenge.guestsOnBoards;
  // Gating (a locked ladder level: 403) and the creator's lines (lib/services/ladder.ts): read with
  // the challenge, or again for an end user created just now.
  const ladder = challenge.endUserId
    ? challenge.ladder
    : await query(() => attemptLadderStep(challenge.id, endUserId));
  assertLevelOpen(ladder);
  const secret = challenge.run.secret;
  const masker = new Masker();
  masker.add(secret);

  const deadline = input.deadline ?? Date.now() + REPLAY_WAIT_MS;
  const hash = input.idempotencyKey ? promptHash(input.prompt) : null;
  // Texts the player was not meant to see the secret in are also masked against its disguises.
  const forms = new SecretFormMatcher([secret]);
  const ctx = { challenge, workflowId, version, endUserId, masker, forms, offBoard };
  const replay = async (attemptId: string): Promise<AttemptResult | null> => {
    const waited = await waitForAttempt(attemptId, deadline, input.signal);
    if (!waited) return null;
    // The process that claimed the key died: this request runs the attempt, still only once.
    if (waited.kind === "takeover") return play(deps, input, ctx, waited.row);
    // It died and was swept meanwhile: the caller claims it again and runs it.
    if (diedUncounted(waited.row)) return null;
    return toResult(waited.row, {
      ...(await query(() => allowanceStep(challenge, endUserId))),
      replayed: true,
      reproduce: challenge,
    });
  };

  // A retried request never counts again, not even against the rate limit. A replay that
  // finds its attempt withdrawn (deleted) tries again from the start.
  for (let round = 0; round < 3; round++) {
    if (input.idempotencyKey) {
      const key = input.idempotencyKey;
      const existing = await query(() => attemptByKey(endUserId, key));
      // One whose server died is not replayed: claim() below takes it again.
      if (existing && !diedUncounted(existing)) {
        assertSamePrompt(existing, hash);
        const replayed = await replay(existing.id);
        if (replayed) return withCreatorFeedback(replayed, ladder, null);
        continue;
      }
    }
    const claimed = await claim(challenge, endUserId, input, masker.mask(input.prompt), hash);
    if (claimed.kind === "existing") {
      const replayed = await replay(claimed.attemptId);
      if (replayed) return withCreatorFeedback(replayed, ladder, null);
      continue;
    }
    return withCreatorFeedback(await play(deps, input, ctx, claimed.attempt), ladder, secret);
  }
  throw new AppError("conflict", "Another request with this idempotency key was withdrawn; please retry.");
}

/** What one run of the challenge's workflow needs. */
interface RunContext {
  challenge: PlayableChallenge;
  workflowId: string;
  version: { id: string; graph: unknown };
  endUserId: string;
  masker: Masker;
}

/** A played attempt's context: the run's, and how its texts are concealed and counted. */
interface PlayContext extends RunContext {
  forms: SecretFormMatcher;
  offBoard: boolean;
}

async function play(
  deps: SubmitDeps,
  input: SubmitAttemptInput,
  ctx: PlayContext,
  pending: ChallengeAttempt,
): Promise<AttemptResult> {
  const { challenge, endUserId, masker } = ctx;
  // Judge feedback, error messages and an answer that did not win were not meant to reveal the
  // secret in any form; a winning answer is shown as the model said it (literal secret masked).
  const conceal = (text: string) => ctx.forms.mask(masker.mask(text));
  const lease = holdLease(pending.id);
  const either = input.signal ? eitherSignal(input.signal, lease.signal) : null;
  const signal = either?.signal ?? lease.signal;
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
      return toResult(recorded.attempt, {
        ...(await query(() => allowanceStep(challenge, endUserId))),
        replayed: false,
        reproduce: challenge,
      });
    }

    let outcome = outcomeOf(run);
    // Reproduce before it counts: the win dates from now, when its first run ended.
    let repro: { runs: number; wins: number; achievedAt: Date } | null = null;
    if (outcome.succeeded && challenge.reproduceRuns !== null) {
      const achievedAt = new Date();
      const wins = 1 + (await reproduce(deps, input, ctx, signal, challenge.reproduceRuns));
      repro = { runs: challenge.reproduceRuns, wins, achievedAt };
      // Cancelled meanwhile: not counted at all, as a cancelled run would not be.
      if (signal.aborted) outcome = { status: "errored", succeeded: false, error: MESSAGES.cancelled };
      else if (wins < winsNeeded(challenge, repro.runs)) outcome = { ...outcome, succeeded: false };
    }
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
        achievedAt: repro && outcome.succeeded ? repro.achievedAt : undefined,
        reproRuns: repro?.runs ?? null,
        reproWins: repro?.wins ?? null,
      }),
    );
    // The answer exactly as recorded (masked, after every defense of the graph has run).
    if (recorded.attempt.response !== null)
      sendToPlayer(input, { type: "answer", text: recorded.attempt.response });
    return toResult(recorded.attempt, {
      ...(await query(() => allowanceStep(challenge, endUserId))),
      replayed: false,
      firstBlood: recorded.firstBlood,
      personalBest: recorded.personalBest,
      reproduce: challenge,
    });
  } catch (err) {
    // Never leave a claimed key pending: waiters would wait for nothing (unless another process
    // has taken the claim over: then it is theirs to finish).
    await transaction(() => failPendingAttempt(pending.id, MESSAGES.runFailed, LEASE_OWNER)).catch(
      () => undefined,
    );
    throw err;
  } finally {
    either?.dispose();
    lease.stop();
    settled(pending.id);
  }
}

/**
 * A signal that aborts, with its reason, when the first of two does: what AbortSignal.any does,
 * without its weak-reference bookkeeping (measurably costly once per attempt). `dispose` unhooks it.
 */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const first = a.aborted ? a : b.aborted ? b : null;
  if (first) return { signal: AbortSignal.abort(first.reason), dispose: () => undefined };
  const controller = new AbortController();
  const dispose = () => {
    a.removeEventListener("abort", onA);
    b.removeEventListener("abort", onB);
  };
  const onA = () => {
    dispose();
    controller.abort(a.reason);
  };
  const onB = () => {
    dispose();
    controller.abort(b.reason);
  };
  a.addEventListener("abort", onA, { once: true });
  b.addEventListener("abort", onB, { once: true });
  return { signal: controller.signal, dispose };
}

/**
 * The other runs of a won attempt (all but the first of `runs`): the same prompt, in parallel,
 * each written as a workflow run of the workspace (trigger "reproduce"; not an attempt). Nothing
 * of them is streamed but how many are over. A run that fails or throws does not win. Returns
 * how many won.
 */
async function reproduce(
  deps: SubmitDeps,
  input: SubmitAttemptInput,
  ctx: RunContext,
  signal: AbortSignal,
  runs: number,
): Promise<number> {
  const { challenge, masker } = ctx;
  let done = 1;
  const progress = () =>
    sendToPlayer(input, {
      type: "reproducing",
      done,
      runs,
      message: `Checking that your win reproduces: ${done} of ${runs} runs done…`,
    });
  progress();
  const one = async (): Promise<boolean> => {
    try {
      const run = await deps.runWorkflow({
        workspaceId: challenge.workspaceId,
        workflowId: ctx.workflowId,
        workflowVersionId: ctx.version.id,
        graph: ctx.version.graph as WorkflowGraph,
        inputs: { prompt: input.prompt },
        endUserId: ctx.endUserId,
        triggeredFrom: "reproduce",
        challengeId: challenge.id,
        signal,
        knownChallenges: [challenge.run],
        persist: true,
      });
      return outcomeOf(run).succeeded;
    } catch (err) {
      log.warn("reproduction run threw", {
        challengeId: challenge.id,
        error: masker.mask(err instanceof Error ? `${err.name}: ${err.message}` : String(err)),
      });
      return false;
    } finally {
      done++;
      progress();
    }
  };
  const won = await Promise.all(Array.from({ length: runs - 1 }, one));
  return won.filter(Boolean).length;
}

function sendToPlayer(input: SubmitAttemptInput, event: PlayerEvent): void {
  try {
    input.onEvent?.(event);
  } catch (err) {
    log.warn("attempt event listener threw", { challengeId: input.challengeId, error: String(err) });
  }
}

function base(
  ctx: { challenge: PlayableChallenge; endUserId: string; offBoard: boolean },
  pending: ChallengeAttempt,
  fields: Omit<
    RecordAttemptInput,
    "challenge" | "attemptId" | "endUserId" | "accountId" | "leaseOwner" | "offBoard"
  >,
): RecordAttemptInput {
  return {
    challenge: ctx.challenge,
    attemptId: pending.id,
    endUserId: ctx.endUserId,
    accountId: pending.accountId,
    offBoard: ctx.offBoard,
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
