// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { SubmitResponse } from "@/lib/contracts/red-blue";
import { query } from "@/lib/db/sql";
import { checkUtility, playPairing, refusedDefenseError, type ModelAccess } from "@/lib/red-blue/pairing";
import { pairingRecord, type StoredSubmission } from "@/lib/red-blue/port";
import type { RecordPairingInput } from "@/lib/services/red-blue/pairing-record";
import { getWorkspaceModel } from "@/lib/services/llm-providers";
import { createTeamRoundPort } from "@/lib/services/red-blue/round-port";
import { assertWithinLimits, preflight } from "@/lib/services/red-blue/submit-preflight";
import { pairingView, replay } from "@/lib/services/red-blue/submit-replay";
import type { SubmitTeamDeps, SubmitTeamInput, SubmitTeamResult } from "@/lib/services/red-blue/submit-types";
import { playThroughWorkflow } from "@/lib/services/red-blue/submit-workflow";

// POST /web/api/red-blue-challenges/{id}/submit: a red attack or a blue defense. In order:
// membership (403 not joined, 409 other side), the Idempotency-Key (a repeat answers the stored
// result, replayed), the prompt limit (422) and the per-minute limit (429), the utility gate for
// a defense (reject: 422 naming the failing prompt, nothing stored; zero: stored, scores 0), then
// through the round port (round-port.ts): persist → select the opponent by policy → play the
// pairing (lib/red-blue/pairing.ts) → record it with its event. The model calls run outside any
// transaction; the caller's signal cancels them (the submission is then withdrawn). A challenge
// with a workflow plays the round through its published graph instead (submit-workflow.ts): the
// team-challenge node runs the same steps through the same port. The checks before the round are
// in submit-preflight.ts (limits: submission-limits.ts), the replays in submit-replay.ts.

export type { SubmitTeamDeps, SubmitTeamInput, SubmitTeamResult } from "@/lib/services/red-blue/submit-types";

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

  await assertWithinLimits(c, input);

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
      throw refusedDefenseError(gate.prompt);
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
  const record: RecordPairingInput = pairingRecord(c.id, input.team, attack, defense, outcome, {
    results: outcome.results,
    model_tokens: outcome.modelTokens,
    judge_tokens: outcome.judgeTokens,
    secret_seen: outcome.secretSeen,
    defense_utility_failed: defense.utilityPassed === false,
  });
  record.storeResult = {
    submissionId: mine.id,
    // Stored for replays without what only a reveal shows (rebuilt on replay when revealed).
    *build(rec) {
      const pairing = yield* pairingView(c, rec.pairingId, input.accountId, false);
      return { ...base, pairing, waiting: false, requested_opponent: requested } satisfies SubmitResponse;
    },
  };
  const recorded = await port.recordPairing(record);
  const pairing = await query(() =>
    pairingView(c, recorded.pairingId, input.accountId, c.settings.reveal_after_round),
  );
  return { result: { ...base, pairing, waiting: false, requested_opponent: requested }, status: 201 };
}
