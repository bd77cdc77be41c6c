import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import {
  defaultAppId,
  requireApp,
  requireWorkflow,
  validateState,
  type ChallengeDbState,
} from "@/lib/services/challenges/checks";
import type { ChallengeView } from "@/lib/contracts/challenges";
import { asObject, challengeSelect, getChallenge, secretNamesOf } from "@/lib/services/challenges/view";
import { setSecret } from "@/lib/services/secrets";
import {
  challengeCreateSchema,
  challengeUpdateSchema,
  type ChallengeCreateInput,
  type ChallengeUpdateInput,
} from "@/lib/contracts/challenges";
import type { WorkflowGraph } from "@/lib/workflow/types";

// Creating, updating and deleting console challenges. A secret given as a value is stored
// through the secrets service before the challenge row is written.

const json = (v: Record<string, unknown> | null | undefined) =>
  v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue | undefined);

/** Default secret name for a challenge whose secret was given as a value. */
const secretNameFor = (challengeId: string) => `CHALLENGE_${challengeId.replaceAll("-", "").slice(0, 12).toUpperCase()}`;

/**
 * Creates a challenge. Without workflow_id a workflow with an empty draft is created for it (the
 * builder starts from an empty canvas, or from opts.draftGraph, which the caller has validated);
 * without app_id the workspace's default app is used.
 */
export async function createChallenge(
  workspaceId: string,
  actorId: string | null,
  input: ChallengeCreateInput,
  opts: { draftGraph?: WorkflowGraph } = {},
): Promise<ChallengeView> {
  const data = challengeCreateSchema.parse(input);
  const id = randomUUID();
  const secretRef = data.secret !== undefined ? (data.secret_ref ?? secretNameFor(id)) : (data.secret_ref ?? null);
  if (data.app_id) await requireApp(workspaceId, data.app_id);
  if (data.workflow_id) await requireWorkflow(workspaceId, data.workflow_id);
  const state: ChallengeDbState = {
    success_type: data.success_type,
    success_pattern: data.success_pattern ?? null,
    has_secret: data.secret !== undefined || (secretRef !== null && (await secretNamesOf(workspaceId, [secretRef])).has(secretRef)),
    evaluator_type: data.evaluator_type,
    evaluator_plugin_id: data.evaluator_plugin_id ?? null,
    evaluator_entrypoint: data.evaluator_entrypoint ?? null,
    evaluator_config: data.evaluator_config ?? null,
    scoring_strategy: data.scoring_strategy,
    scoring_plugin_id: data.scoring_plugin_id ?? null,
    scoring_entrypoint: data.scoring_entrypoint ?? null,
    scoring_config: data.scoring_config ?? null,
    theme: data.theme ?? null,
    hero_asset_id: data.hero_asset_id ?? null,
    secret_ref: secretRef,
    reproduce_runs: data.reproduce_runs ?? null,
    reproduce_wins: data.reproduce_wins ?? null,
  };
  const theme = await validateState(workspaceId, state, data.secret !== undefined);

  if (data.secret !== undefined && secretRef) await setSecret(workspaceId, secretRef, data.secret);
  await db.$transaction(async (tx) => {
    const appId = data.app_id ?? (await defaultAppId(workspaceId, tx));
    const workflowId =
      data.workflow_id ??
      (
        await tx.workflow.create({
          data: { workspaceId, appId, name: data.name, draftGraph: (opts.draftGraph ?? { nodes: [], edges: [] }) as unknown as Prisma.InputJsonValue, createdBy: actorId, updatedBy: actorId },
          select: { id: true },
        })
      ).id;
    await tx.challenge.create({
      data: {
        id,
        workspaceId,
        appId,
        workflowId,
        name: data.name,
        description: data.description ?? null,
        goal: data.goal,
        successType: data.success_type,
        successPattern: data.success_pattern ?? null,
        secretRef,
        scoringStrategy: data.scoring_strategy,
        isActive: data.is_active,
        evaluatorType: data.evaluator_type,
        evaluatorPluginId: data.evaluator_plugin_id ?? null,
        evaluatorEntrypoint: data.evaluator_entrypoint ?? null,
        evaluatorConfig: json(data.evaluator_config ?? null),
        scoringPluginId: data.scoring_plugin_id ?? null,
        scoringEntrypoint: data.scoring_entrypoint ?? null,
        scoringConfig: json(data.scoring_config ?? null),
        instructionsMd: data.instructions_md ?? null,
        theme: json(theme),
        heroAssetId: data.hero_asset_id ?? null,
        difficulty: data.difficulty,
        points: data.points,
        maxAttempts: data.max_attempts ?? null,
        cooldownSeconds: data.cooldown_seconds,
        reproduceRuns: data.reproduce_runs ?? null,
        reproduceWins: data.reproduce_wins ?? null,
        maskVariables: data.mask_variables,
        allowGuests: data.allow_guests,
        guestsOnBoards: data.guests_on_boards,
        allowSecretClaims: data.allow_secret_claims,
        refusalMessage: blankToNull(data.refusal_message),
        winMessage: blankToNull(data.win_message),
        createdBy: actorId,
        updatedBy: actorId,
      },
    });
  });
  return getChallenge(workspaceId, id);
}

/** Applies a patch; the whole resulting challenge is validated again (cross-field rules). */
export async function updateChallenge(
  workspaceId: string,
  actorId: string | null,
  id: string,
  patch: ChallengeUpdateInput,
): Promise<ChallengeView> {
  const data = challengeUpdateSchema.parse(patch);
  const current = await db.challenge.findFirst({ where: { id, workspaceId }, select: challengeSelect });
  if (!current) throw notFound("Challenge");
  if (data.app_id) await requireApp(workspaceId, data.app_id);
  if (data.workflow_id) await requireWorkflow(workspaceId, data.workflow_id);
  const pick = <K extends keyof typeof data, T>(key: K, fallback: T) =>
    (data[key] === undefined ? fallback : data[key]) as Exclude<(typeof data)[K], undefined> | T;

  const secretRef =
    data.secret !== undefined
      ? (data.secret_ref ?? current.secretRef ?? secretNameFor(id))
      : pick("secret_ref", current.secretRef);
  // An unchanged theme is not re-validated: its stored asset URLs may have expired since.
  const themeInput = data.theme === undefined ? null : data.theme;
  // Turning reproduction off clears the wins it needed, unless this patch sets them (refused).
  const reproduceRuns = pick("reproduce_runs", current.reproduceRuns);
  const reproduceWins = reproduceRuns === null ? (data.reproduce_wins ?? null) : pick("reproduce_wins", current.reproduceWins);
  const state: ChallengeDbState = {
    success_type: pick("success_type", current.successType),
    success_pattern: pick("success_pattern", current.successPattern),
    has_secret: data.secret !== undefined || (secretRef !== null && (await secretNamesOf(workspaceId, [secretRef])).has(secretRef)),
    evaluator_type: pick("evaluator_type", current.evaluatorType),
    evaluator_plugin_id: pick("evaluator_plugin_id", current.evaluatorPluginId),
    evaluator_entrypoint: pick("evaluator_entrypoint", current.evaluatorEntrypoint),
    evaluator_config: pick("evaluator_config", asObject(current.evaluatorConfig)),
    scoring_strategy: pick("scoring_strategy", current.scoringStrategy),
    scoring_plugin_id: pick("scoring_plugin_id", current.scoringPluginId),
    scoring_entrypoint: pick("scoring_entrypoint", current.scoringEntrypoint),
    scoring_config: pick("scoring_config", asObject(current.scoringConfig)),
    theme: themeInput,
    hero_asset_id: pick("hero_asset_id", current.heroAssetId),
    secret_ref: secretRef,
    reproduce_runs: reproduceRuns,
    reproduce_wins: reproduceWins,
  };
  const theme = await validateState(workspaceId, state, data.secret !== undefined);

  if (data.secret !== undefined && secretRef) await setSecret(workspaceId, secretRef, data.secret);
  const res = await db.challenge.updateMany({
    where: { id, workspaceId },
    data: {
      ...(data.app_id !== undefined ? { appId: data.app_id } : {}),
      ...(data.workflow_id !== undefined ? { workflowId: data.workflow_id } : {}),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.description !== undefined ? { description: data.description } : {}),
      ...(data.goal !== undefined ? { goal: data.goal } : {}),
      ...(data.success_type !== undefined ? { successType: data.success_type } : {}),
      ...(data.success_pattern !== undefined ? { successPattern: data.success_pattern } : {}),
      ...(secretRef !== current.secretRef ? { secretRef } : {}),
      ...(data.scoring_strategy !== undefined ? { scoringStrategy: data.scoring_strategy } : {}),
      ...(data.is_active !== undefined ? { isActive: data.is_active } : {}),
      ...(data.evaluator_type !== undefined ? { evaluatorType: data.evaluator_type } : {}),
      ...(data.evaluator_plugin_id !== undefined ? { evaluatorPluginId: data.evaluator_plugin_id } : {}),
      ...(data.evaluator_entrypoint !== undefined ? { evaluatorEntrypoint: data.evaluator_entrypoint } : {}),
      ...(data.evaluator_config !== undefined ? { evaluatorConfig: json(data.evaluator_config) } : {}),
      ...(data.scoring_plugin_id !== undefined ? { scoringPluginId: data.scoring_plugin_id } : {}),
      ...(data.scoring_entrypoint !== undefined ? { scoringEntrypoint: data.scoring_entrypoint } : {}),
      ...(data.scoring_config !== undefined ? { scoringConfig: json(data.scoring_config) } : {}),
      ...(data.instructions_md !== undefined ? { instructionsMd: data.instructions_md } : {}),
      ...(data.theme !== undefined ? { theme: json(theme) } : {}),
      ...(data.hero_asset_id !== undefined ? { heroAssetId: data.hero_asset_id } : {}),
      ...(data.difficulty !== undefined ? { difficulty: data.difficulty } : {}),
      ...(data.points !== undefined ? { points: data.points } : {}),
      ...(data.max_attempts !== undefined ? { maxAttempts: data.max_attempts } : {}),
      ...(data.cooldown_seconds !== undefined ? { cooldownSeconds: data.cooldown_seconds } : {}),
      ...(reproduceRuns !== current.reproduceRuns || reproduceWins !== current.reproduceWins
        ? { reproduceRuns, reproduceWins }
        : {}),
      ...(data.mask_variables !== undefined ? { maskVariables: data.mask_variables } : {}),
      ...(data.allow_guests !== undefined ? { allowGuests: data.allow_guests } : {}),
      ...(data.guests_on_boards !== undefined ? { guestsOnBoards: data.guests_on_boards } : {}),
      ...(data.allow_secret_claims !== undefined ? { allowSecretClaims: data.allow_secret_claims } : {}),
      ...(data.refusal_message !== undefined ? { refusalMessage: blankToNull(data.refusal_message) } : {}),
      ...(data.win_message !== undefined ? { winMessage: blankToNull(data.win_message) } : {}),
      updatedBy: actorId,
    },
  });
  if (res.count === 0) throw notFound("Challenge");
  return getChallenge(workspaceId, id);
}

/**
 * Deletes a challenge with its attempts and leaderboard (cascade). Its workflow goes too when no
 * other challenge or red/blue challenge uses it.
 */
export async function deleteChallenge(workspaceId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.challenge.findFirst({ where: { id, workspaceId }, select: { workflowId: true } });
    if (!row) throw notFound("Challenge");
    await tx.challenge.delete({ where: { id } });
    if (row.workflowId) {
      const [others, redBlue] = await Promise.all([
        tx.challenge.count({ where: { workflowId: row.workflowId } }),
        tx.redBlueChallenge.count({ where: { workflowId: row.workflowId } }),
      ]);
      if (others + redBlue === 0) await tx.workflow.deleteMany({ where: { id: row.workflowId, workspaceId } });
    }
  });
}

/** A creator line that is only whitespace is no line. */
function blankToNull(text: string | null | undefined): string | null {
  return text && text.trim() !== "" ? text : null;
}
