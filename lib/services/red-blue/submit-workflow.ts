// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { SubmitResponse } from "@/lib/contracts/red-blue";
import { asJson, one, query, type Step } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import type { RecordedPairing, StoredSubmission, TeamRoundPort } from "@/lib/red-blue/port";
import type { RoundChallengeRow } from "@/lib/services/red-blue/membership";
import type { RoundPort } from "@/lib/services/red-blue/round-port";
import type { ExistingSubmission } from "@/lib/services/red-blue/submission-store";
import { pairingView, replay } from "@/lib/services/red-blue/submit-replay";
import type { SubmitTeamDeps, SubmitTeamInput, SubmitTeamResult } from "@/lib/services/red-blue/submit-types";
import { refusedDefenseError, refusedDefensePrompt } from "@/lib/red-blue/pairing";
import { runWorkflowForWorkspace } from "@/lib/services/runs/run-workflow";
import type { WorkflowGraph } from "@/lib/workflow/types";

// The submit path for a challenge with a workflow (submit.ts): the round is played by the
// challenge's published graph, whose team-challenge node runs the direct path's steps through
// the same round port (round-port.ts).

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
export async function playThroughWorkflow(
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
    // The team-challenge node's refusal, as the run reports it (`Node "<id>" failed: …`).
    const refused = run.status === "failed" ? refusedDefensePrompt(run.error ?? "") : null;
    if (refused !== null) throw refusedDefenseError(refused);
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
