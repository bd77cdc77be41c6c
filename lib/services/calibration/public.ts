import "server-only";
import { workflowGraphSchema } from "@/lib/contracts/workflows";
import { db } from "@/lib/db";
import { publicSummary } from "@/lib/evaluation/calibration/report";
import type { CalibrationReport, PublicCalibrationSummary } from "@/lib/evaluation/calibration/types";
import { graphFingerprint } from "@/lib/services/calibration/graph";

// What a challenge's public page shows of its judge check: the counts of the latest finished
// calibration of the version players play, never an example or a verdict.

export async function publicCalibration(challengeId: string): Promise<PublicCalibrationSummary | null> {
  const challenge = await db.challenge.findUnique({
    where: { id: challengeId },
    select: { workflow: { select: { publishedVersion: { select: { id: true, graph: true } } } } },
  });
  const published = challenge?.workflow?.publishedVersion;
  if (!published) return null;
  // A calibration of the same graph counts for a later version that republished it unchanged.
  const graph = workflowGraphSchema.safeParse(published.graph);
  const sameGraph = graph.success ? [{ graphHash: graphFingerprint(graph.data) }] : [];
  const run = await db.calibrationRun.findFirst({
    where: { challengeId, status: "done", OR: [{ workflowVersionId: published.id }, ...sameGraph] },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    select: { report: true, version: true, finishedAt: true, createdAt: true },
  });
  if (!run?.report) return null;
  return publicSummary(
    run.report as unknown as CalibrationReport,
    run.version,
    run.finishedAt ?? run.createdAt,
  );
}
