import "server-only";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { newDemoSecret } from "@/lib/seed/demo-secrets";
import { DEMO_LADDER, DEMO_LADDER_COLLECTION } from "@/lib/seed/ladder";
import { queueFirstCalibration } from "@/lib/services/calibration/seed";

// Writes the demo ladder into a workspace, once, safely under concurrent start-ups; a creator's
// edits survive restarts (lib/seed/README.md, 'Seeding once').

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";

const json = (value: unknown) => value as Prisma.InputJsonValue;

export async function ladderPresent(): Promise<boolean> {
  const [collection, challenges] = await Promise.all([
    db.challengeCollection.count({ where: { id: DEMO_LADDER_COLLECTION.id } }),
    db.challenge.count({ where: { id: { in: DEMO_LADDER.map((l) => l.challengeId) } } }),
  ]);
  return collection > 0 || challenges > 0;
}

/** Seeds the ladder into the workspace; false when it was already there. */
export async function installDemoLadder(workspaceId: string, creatorId: string | null): Promise<boolean> {
  if (await ladderPresent()) return false;
  const app =
    (await db.app.findFirst({ where: { workspaceId }, orderBy: { createdAt: "asc" }, select: { id: true } })) ??
    (await db.app.create({ data: { workspaceId, name: "Default app" }, select: { id: true } }));
  // A fresh secret per level and install, never one written in the code.
  const values = DEMO_LADDER.map(() => newDemoSecret());
  try {
    await db.$transaction(
      async (tx) => {
        const c = DEMO_LADDER_COLLECTION;
        // First statement: takes the lock a concurrent seeder waits on (see above).
        await tx.challengeCollection.create({
          data: {
            id: c.id,
            workspaceId,
            appId: app.id,
            name: c.name,
            description: c.description,
            instructionsMd: c.instructionsMd,
            theme: json(c.theme),
            scoringStrategy: c.scoringStrategy,
            isPublic: true,
            createdBy: creatorId,
          },
        });
        for (const [i, level] of DEMO_LADDER.entries()) {
          // A secret of that name left behind by an earlier ladder keeps its value.
          await tx.secret.upsert({
            where: { workspaceId_name: { workspaceId, name: level.secretName } },
            create: { workspaceId, name: level.secretName, valueEncrypted: encryptSecret(values[i]!) },
            update: {},
            select: { id: true },
          });
          await tx.workflow.create({
            data: {
              id: level.workflowId,
              workspaceId,
              appId: app.id,
              name: `${level.name} (${level.defense})`,
              draftGraph: json(level.graph),
              createdBy: creatorId,
            },
          });
          await tx.workflowVersion.create({
            data: { id: level.versionId, workflowId: level.workflowId, version: 1, graph: json(level.graph), publishedBy: creatorId },
          });
          await tx.workflow.update({ where: { id: level.workflowId }, data: { publishedVersionId: level.versionId } });
          await tx.challenge.create({
            data: {
              id: level.challengeId,
              workspaceId,
              appId: app.id,
              workflowId: level.workflowId,
              name: level.name,
              description: level.description,
              goal: level.goal,
              successType: "contains",
              successPattern: "{{secret}}",
              secretRef: level.secretName,
              scoringStrategy: level.scoringStrategy,
              evaluatorType: level.evaluatorType,
              evaluatorConfig:
                level.evaluatorType === "llm-judge" ? json({ judge_model: "offline:judge", pass_threshold: 7 }) : undefined,
              instructionsMd: level.instructionsMd,
              theme: json(level.theme),
              difficulty: level.difficulty,
              points: level.points,
              // The demo ladder is Gandalf-style: playable at once as a guest, and a player who
              // extracted the secret in disguise may type it in the guess box.
              allowGuests: true,
              guestsOnBoards: true,
              allowSecretClaims: true,
              refusalMessage: level.refusalMessage,
              winMessage: level.winMessage,
              isActive: true,
              createdBy: creatorId,
            },
          });
          if (level.evaluatorType === "llm-judge") {
            await queueFirstCalibration(tx, {
              workspaceId,
              challengeId: level.challengeId,
              workflowVersionId: level.versionId,
              version: 1,
              graph: level.graph,
              createdBy: creatorId,
            });
          }
          await tx.challengeCollectionItem.create({
            data: { collectionId: c.id, challengeId: level.challengeId, position: i + 1 },
          });
        }
      },
      { maxWait: 30_000, timeout: 30_000 },
    );
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
