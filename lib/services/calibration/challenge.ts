import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";

/** The workspace's challenge, or 404 (a challenge of another workspace is not found either). */
export async function calibratedChallenge(workspaceId: string, challengeId: string) {
  const row = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: {
      id: true,
      workspaceId: true,
      goal: true,
      secretRef: true,
      workflowId: true,
      workflow: { select: { publishedVersion: { select: { id: true, version: true } } } },
    },
  });
  if (!row) throw notFound("Challenge");
  return row;
}
