import "server-only";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { PlayerPairingView, RedBlueTeam, SubmitResponse } from "@/lib/contracts/red-blue";
import { asJson, one, query, type Step } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { checkUtility, playPairing, type ModelAccess } from "@/lib/red-blue/pairing";
import type { RecordedPairing, StoredSubmission, TeamRoundPort } from "@/lib/red-blue/port";
import { getWorkspaceModel } from "@/lib/services/llm-providers";
import {
  assertOnTeam,
  challengeSecret,
  liveChallenge,
  membershipOf,
  type RoundChallengeRow,
} from "@/lib/services/red-blue/membership";
import { pairingRecords, playerPairingOf, type RevealRules } from "@/lib/services/red-blue/player-view";
import {
  createTeamRoundPort,
  precheckSubmissionRate,
  type ExistingSubmission,
  type RoundPort,
} from "@/lib/services/red-blue/round-port";
import { runWorkflowForWorkspace } from "@/lib/services/runs/run-workflow";
import type { WorkflowGraph } from "@/lib/workflow/types";

// POST /web/api/red-blue-challenges/{id}/submit: a red attack or a blue defense. In order:
// membership (403 not joined, 409 other side), the Idempotency-Key (a repeat answers the stored
// result, replayed), the prompt limit (422) and the per-minute limit (429), the utility gate for
// a defense (reject: 422 naming the failing prompt, nothing stored; zero: stored, scores 0), then
// through the round port (round-port.ts): persist → select the opponent by policy → play the
// pairing (lib/red-blue/pairing.ts) → record it with its event. The model calls run outside any
// transaction; the caller's signal cancels them (the submission is then withdrawn). A challenge
// with a workflow plays the round through its published graph instead (playThroughWorkflow): the
// team-challenge node runs the same steps through the same port.

export interface SubmitTeamInput {
  challengeId: string;
  accountId: string;
  team: RedBlueTeam;
  prompt: string;
  idempotencyKey?: string | null;
  signal?: AbortSignal;
}

export interface SubmitTeamDeps {
  /** Model factory (tests, bench); the app reads the workspace's providers (getWorkspaceModel). */
  resolveModel?: (ref: string) => LanguageModelV4 | Promise<LanguageModelV4>;
  /** random_active's pick. */
  random?: () => number;
}

/** A repeat whose first request has not answered yet waits this long before the round counts as dead. */
export const REPLAY_STALE_MS = 5 * 60_000;

async function preflight(input: SubmitTeamInput): Promise<RoundChallengeRow> {
  return query(function* () {
    const c = yield* liveChallenge(input.challengeId);
    assertOnTeam(yield* membershipOf(c.id, input.accountId), input.team);
    return c;
  });
}

/** The pairing view for the player, reading the secret only when the creator reveals it. */
function* pairingView(
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
async function replay(
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

export interface SubmitTeamResult {
  result: SubmitResponse;
  /** 201 for a new submission, 200 for a replay. */
  status: 200 | 201;
}

export async function submitTeamPrompt(
  input: SubmitTeamInput,
  deps: SubmitTeamDeps = {},
): Promise<SubmitTeamResult> {
  const c = await preflight(input);
  const port = createTeamRoundPort({
    accountId: input.accountId,
    idempotencyKey: input.idempotencyKey ?? null,
    random: deps.random,
  });
  const existing = await port.findByKey(c.id);
  if (existing) return { result: await replay(c, input, existing), status: 200 };

  if (input.prompt.length > c.settings.max_prompt_chars) {
    throw new AppError(
      "validation_failed",
      `The prompt is too long (${c.settings.max_prompt_chars.toLocaleString("en")} characters at most on this challenge).`,
    );
  }
  await query(() =>
    precheckSubmissionRate(c.id, input.accountId, c.settings.submissions_per_minute, new Date()),
  );

  const round = await port.challenge(c.id);
  const resolve = deps.resolveModel;
  const access: ModelAccess = {
    workspaceId: round.workspaceId,
    getModel: resolve ? async (ref) => resolve(ref) : (ref) => getWorkspaceModel(ref, round.workspaceId),
    signal: input.signal,
  };

  if (c.workflowId) return playThroughWorkflow(c, c.workflowId, input, port, deps);

  let utilityPassed: boolean | null = null;
  if (input.team === "blue") {
    const gate = await checkUtility({
      ...access,
      defense: input.prompt,
      secret: round.secret,
      settings: round.settings,
    });
    utilityPassed = gate.passed;
    if (!gate.passed && round.settings.utility_gate.mode === "reject") {
      throw new AppError("validation_failed", `Your defense refused a benign request: "${gate.prompt}"`, {
        details: { failing_prompt: gate.prompt },
      });
    }
  }

  const persisted = await port.persist({
    challengeId: c.id,
    team: input.team,
    prompt: input.prompt,
    utilityPassed,
  });
  if (persisted.kind === "existing")
    return { result: await replay(c, input, persisted.existing), status: 200 };
  const mine = persisted.submission;
  const base = {
    submission: { id: mine.id, team: mine.team, created_at: persisted.createdAt.toISOString() },
    utility_failed: utilityPassed === false,
    replayed: false,
  };

  let selected: { opponent: StoredSubmission | null; requested: boolean };
  try {
    const policy = input.team === "red" ? c.defenseSelectionPolicy : c.attackSelectionPolicy;
    selected = await port.selectOpponent({ challengeId: c.id, submission: mine, policy });
  } catch (err) {
    await port.discard(mine.id).catch(() => undefined);
    throw err;
  }
  if (!selected.opponent) {
    const result: SubmitResponse = {
      ...base,
      pairing: null,
      waiting: true,
      requested_opponent: selected.requested,
    };
    await port.storeResult(mine.id, result);
    return { result, status: 201 };
  }

  const attack = input.team === "red" ? mine : selected.opponent;
  const defense = input.team === "red" ? selected.opponent : mine;
  let outcome: Awaited<ReturnType<typeof playPairing>>;
  try {
    outcome = await playPairing({
      ...access,
      attack: attack.prompt,
      defense: defense.prompt,
      secret: round.secret,
      suite: round.suite,
      settings: round.settings,
      defenseUtilityFailed: defense.utilityPassed === false,
    });
  } catch (err) {
    // A model failure or the player going away: the submission is withdrawn (unless an opponent
    // has meanwhile been paired with it), so a retry with the same key plays afresh.
    await port.discard(mine.id).catch(() => undefined);
    throw err;
  }

  const requested = selected.requested;
  const recorded = await port.recordPairing({
    challengeId: c.id,
    initiator: input.team,
    attack,
    defense,
    modelOutput: outcome.modelOutput,
    categories: outcome.categories,
    rating: outcome.rating,
    feedback: outcome.feedback,
    raw: {
      results: outcome.results,
      model_tokens: outcome.modelTokens,
      judge_tokens: outcome.judgeTokens,
      secret_seen: outcome.secretSeen,
      defense_utility_failed: defense.utilityPassed === false,
    },
    redPoints: outcome.points.red,
    bluePoints: outcome.points.blue,
    tokens: outcome.tokens,
    elapsedMs: outcome.elapsedMs,
    storeResult: {
      submissionId: mine.id,
      // Stored for replays without what only a reveal shows (rebuilt on replay when revealed).
      *build(rec) {
        const pairing = yield* pairingView(c, rec.pairingId, input.accountId, false);
        return { ...base, pairing, waiting: false, requested_opponent: requested } satisfies SubmitResponse;
      },
    },
  });
  const pairing = await query(() =>
    pairingView(c, recorded.pairingId, input.accountId, c.settings.reveal_after_round),
  );
  return { result: { ...base, pairing, waiting: false, requested_opponent: requested }, status: 201 };
}

// ---- a challenge with a workflow -------------------------------------------------------------

/** The team-challenge node's refusal, as the run reports it (`Node "<id>" failed: …`). */
const REFUSED_DEFENSE = /Your defense refused a benign request: "([\s\S]*)"$/;

function* publishedGraph(
  workspaceId: string,
  workflowId: string,
): Step<{ versionId: string; graph: WorkflowGraph } | null> {
  const r = yield* one<{ version_id: string | null; graph: unknown }>(
    `SELECT v.id AS version_id, v.graph FROM workflows w
     LEFT JOIN workflow_versions v ON v.id = w.published_version_id
     WHERE w.id = $1 AND w.tenant_id = $2`,
    workflowId,
    workspaceId,
  );
  return r?.version_id ? { versionId: r.version_id, graph: asJson(r.graph) as WorkflowGraph } : null;
}

/**
 * The round played by the challenge's published workflow: its team-challenge node does what the
 * direct path does (utility gate, persist, select, play, record) through the same port, which
 * this wraps to learn what was stored. The answer is built the same way as the direct path's.
 */
async function playThroughWorkflow(
  c: RoundChallengeRow,
  workflowId: string,
  input: SubmitTeamInput,
  port: RoundPort,
  deps: SubmitTeamDeps,
): Promise<SubmitTeamResult> {
  const published = await query(() => publishedGraph(c.workspaceId, workflowId));
  if (!published) throw new AppError("conflict", "This challenge's workflow is not published yet.");

  const seen: {
    submission: StoredSubmission | null;
    createdAt: Date | null;
    existing: ExistingSubmission | null;
    utilityPassed: boolean | null;
    requested: boolean;
    pairingId: string | null;
  } = {
    submission: null,
    createdAt: null,
    existing: null,
    utilityPassed: null,
    requested: false,
    pairingId: null,
  };
  const base = () => ({
    submission: {
      id: seen.submission!.id,
      team: seen.submission!.team,
      created_at: (seen.createdAt ?? new Date()).toISOString(),
    },
    utility_failed: seen.utilityPassed === false,
    replayed: false,
  });
  const rounds: TeamRoundPort = {
    challenge: (id) => port.challenge(id),
    async persistSubmission(i) {
      if (i.challengeId !== c.id || i.team !== input.team) {
        throw new AppError("conflict", "This challenge's workflow plays another challenge or side.");
      }
      if (seen.submission)
        throw new AppError("conflict", "This challenge's workflow submits more than once.");
      const out = await port.persist(i);
      if (out.kind === "existing") {
        seen.existing = out.existing;
        throw new AppError("conflict", "A submission with this idempotency key already exists.");
      }
      seen.submission = out.submission;
      seen.createdAt = out.createdAt;
      seen.utilityPassed = i.utilityPassed ?? null;
      return out.submission;
    },
    async selectOpponent(i) {
      const r = await port.selectOpponent(i);
      seen.requested = r.requested;
      return r;
    },
    async recordPairing(i) {
      const mine = seen.submission;
      const requested = seen.requested;
      const r = await port.recordPairing({
        ...i,
        ...(mine
          ? {
              storeResult: {
                submissionId: mine.id,
                *build(rec: RecordedPairing) {
                  const pairing = yield* pairingView(c, rec.pairingId, input.accountId, false);
                  return {
                    ...base(),
                    pairing,
                    waiting: false,
                    requested_opponent: requested,
                  } satisfies SubmitResponse;
                },
              },
            }
          : {}),
      });
      seen.pairingId = r.pairingId;
      return r;
    },
  };

  const run = await runWorkflowForWorkspace({
    workspaceId: c.workspaceId,
    workflowId,
    workflowVersionId: published.versionId,
    graph: published.graph,
    inputs: {
      prompt: input.prompt,
      team: input.team,
      team_choice: input.team,
      [input.team === "red" ? "attack_prompt" : "defense_prompt"]: input.prompt,
    },
    triggeredFrom: "play",
    signal: input.signal,
    resolveModel: deps.resolveModel,
    teamRounds: rounds,
  });

  if (seen.existing) return { result: await replay(c, input, seen.existing), status: 200 };
  const mine = seen.submission;
  if (!mine) {
    const refused = run.status === "failed" ? REFUSED_DEFENSE.exec(run.error ?? "") : null;
    if (refused) {
      throw new AppError("validation_failed", `Your defense refused a benign request: "${refused[1]}"`, {
        details: { failing_prompt: refused[1] },
      });
    }
    if (run.modelFailure) throw new AppError("upstream_error", "The model failed; please try again.");
    throw new AppError("conflict", "This challenge's workflow did not play a red/blue round.");
  }
  if (!seen.pairingId) {
    if (run.status !== "succeeded") {
      // The round failed after storing the submission (the model, or the player went away):
      // withdrawn, as on the direct path.
      await port.discard(mine.id).catch(() => undefined);
      if (run.modelFailure) throw new AppError("upstream_error", "The model failed; please try again.");
      throw new AppError("conflict", "The round was not finished; please try again.");
    }
    const result: SubmitResponse = {
      ...base(),
      pairing: null,
      waiting: true,
      requested_opponent: seen.requested,
    };
    await port.storeResult(mine.id, result);
    return { result, status: 201 };
  }
  const pairingId = seen.pairingId;
  const pairing = await query(() =>
    pairingView(c, pairingId, input.accountId, c.settings.reveal_after_round),
  );
  return { result: { ...base(), pairing, waiting: false, requested_opponent: seen.requested }, status: 201 };
}
