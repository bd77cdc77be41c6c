import "server-only";
import { db } from "@/lib/db";
import { publicSummary } from "@/lib/evaluation/calibration/report";
import type { CalibrationReport, PublicCalibrationSummary } from "@/lib/evaluation/calibration/types";

// What a challenge's public page shows of its judge check: the counts of the latest finished
// calibration of the version players play, never an example or a verdict.

export async function publicCalibration(challengeId: string): Promise<PublicCalibrationSummary | null> {
  const challenge = await db.challenge.findUnique({
    where: { id: challengeId },
    select: { workflow: { select: { publishedVersionId: true } } },
  });
  const versionId = challenge?.workflow?.publishedVersionId;
  if (!versionId) return null;
  const run = await db.calibrationRun.findFirst({
    where: { challengeId, workflowVersionId: versionId, status: "done" },
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
