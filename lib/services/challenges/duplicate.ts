import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import type { ChallengeView } from "@/lib/contracts/challenges";
import { getChallenge } from "@/lib/services/challenges/view";

// "Duplicate challenge": a copy of a challenge's fields with a new workflow whose draft is the
// original's draft (unpublished: the copy is not playable until its creator publishes it). The
// secret reference is kept (both point at the same workspace secret); collection membership,
// attempts, boards and hints are not copied. Scoped to the workspace: another workspace's
// challenge is "not found".

const MAX_NAME = 120;
const SUFFIX = " (copy)";

export const copyName = (name: string) =>
  name.length + SUFFIX.length > MAX_NAME
    ? `${name.slice(0, MAX_NAME - SUFFIX.length - 1)}…${SUFFIX}`
    : `${name}${SUFFIX}`;

const json = (v: Prisma.JsonValue | null) => (v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue));

export async function duplicateChallenge(
  workspaceId: string,
  actorId: string | null,
  id: string,
): Promise<ChallengeView> {
  const newId = await db.$transaction(async (tx) => {
    const src = await tx.challenge.findFirst({
      where: { id, workspaceId },
      include: { workflow: { select: { draftGraph: true, appId: true } } },
    });
    if (!src) throw notFound("Challenge");
    const name = copyName(src.name);
    const workflow = await tx.workflow.create({
      data: {
        workspaceId,
        appId: src.workflow?.appId ?? src.appId,
        name,
        draftGraph: src.workflow?.draftGraph ?? { nodes: [], edges: [] },
        createdBy: actorId,
        updatedBy: actorId,
      },
      select: { id: true },
    });
    const copy = await tx.challenge.create({
      data: {
        workspaceId,
        appId: src.appId,
        workflowId: workflow.id,
        name,
        description: src.description,
        goal: src.goal,
        successType: src.successType,
        successPattern: src.successPattern,
        secretRef: src.secretRef,
        scoringStrategy: src.scoringStrategy,
        isActive: src.isActive,
        evaluatorType: src.evaluatorType,
        evaluatorPluginId: src.evaluatorPluginId,
        evaluatorEntrypoint: src.evaluatorEntrypoint,
        evaluatorConfig: json(src.evaluatorConfig),
        scoringPluginId: src.scoringPluginId,
        scoringEntrypoint: src.scoringEntrypoint,
        scoringConfig: json(src.scoringConfig),
        instructionsMd: src.instructionsMd,
        theme: json(src.theme),
        heroAssetId: src.heroAssetId,
        difficulty: src.difficulty,
        points: src.points,
        maxAttempts: src.maxAttempts,
        cooldownSeconds: src.cooldownSeconds,
        reproduceRuns: src.reproduceRuns,
        reproduceWins: src.reproduceWins,
        maskVariables: json(src.maskVariables),
        allowGuests: src.allowGuests,
        guestsOnBoards: src.guestsOnBoards,
        allowSecretClaims: src.allowSecretClaims,
        refusalMessage: src.refusalMessage,
        winMessage: src.winMessage,
        createdBy: actorId,
        updatedBy: actorId,
      },
      select: { id: true },
    });
    return copy.id;
  });
  return getChallenge(workspaceId, newId);
}
