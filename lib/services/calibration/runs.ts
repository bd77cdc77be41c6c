import "server-only";
import type { CalibrationRunView, StartRunBody } from "@/lib/contracts/calibration";
import { db } from "@/lib/db";
import { conflict, notFound, rateLimited } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { enqueueJobIn } from "@/lib/jobs";
import { calibratedChallenge } from "@/lib/services/calibration/challenge";
import { CALIBRATION_RUN_QUEUE } from "@/lib/services/calibration/queue";
import { effectiveSettings } from "@/lib/services/calibration/settings";
import { runView } from "@/lib/services/calibration/views";

const ACTIVE = ["queued", "running"];
/** Calibrations one workspace may have queued or running at once (above the demo seed's four), so it cannot fill the job queue. */
export const CALIBRATIONS_PER_WORKSPACE = 5;

/**
 * Calibrate: a run of every example, k times each, on the challenge's published workflow version.
 * The run row and its job are written in one transaction. 409 without a published version or
 * examples, or while another run of the challenge is queued or running.
 */
export async function startCalibrationRun(
  workspaceId: string,
  challengeId: string,
  body: StartRunBody,
  accountId: string | null,
): Promise<CalibrationRunView> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const published = challenge.workflow?.publishedVersion;
  if (!published)
    throw conflict("The challenge has no published workflow version to calibrate; publish it first");
  const examples = await db.calibrationExample.count({ where: { challengeId: challenge.id, workspaceId } });
  if (examples === 0) throw conflict("The challenge has no calibration examples; add some first");
  const settings = await effectiveSettings(challenge.id);
  const samples = body.samples ?? settings.samples;
  const id = uuidv7();
  await db.$transaction(async (tx) => {
    // The new run is counted with the others, so of two starts at once on SQLite (one writer)
    // the second sees the first's row.
    await tx.calibrationRun.create({
      data: {
        id,
        workspaceId,
        challengeId: challenge.id,
        workflowVersionId: published.id,
        version: published.version,
        samples,
        status: "queued",
        total: examples * samples,
        thresholds: { ...settings.thresholds },
        createdBy: accountId,
      },
    });
    const active = await tx.calibrationRun.count({
      where: { challengeId: challenge.id, status: { in: ACTIVE } },
    });
    if (active > 1)
      throw conflict("A calibration of this challenge is already in progress; wait for it to finish");
    const inWorkspace = await tx.calibrationRun.count({ where: { workspaceId, status: { in: ACTIVE } } });
    if (inWorkspace > CALIBRATIONS_PER_WORKSPACE)
      throw rateLimited(
        30,
        `This workspace already has ${CALIBRATIONS_PER_WORKSPACE} calibrations in progress; wait for one to finish`,
      );
    await enqueueJobIn(
      tx,
      CALIBRATION_RUN_QUEUE,
      { runId: id },
      { singletonKey: `calibration:${id}`, workspaceId },
    );
  });
  return getCalibrationRun(workspaceId, challenge.id, id);
}

export async function listCalibrationRuns(
  workspaceId: string,
  challengeId: string,
  page: { limit: number; offset: number },
): Promise<{ data: CalibrationRunView[]; total: number }> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const where = { challengeId: challenge.id, workspaceId };
  const [rows, total] = await Promise.all([
    db.calibrationRun.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: page.limit,
      skip: page.offset,
    }),
    db.calibrationRun.count({ where }),
  ]);
  return { data: rows.map(runView), total };
}

export async function getCalibrationRun(
  workspaceId: string,
  challengeId: string,
  runId: string,
): Promise<CalibrationRunView> {
  const row = await db.calibrationRun.findFirst({ where: { id: runId, challengeId, workspaceId } });
  if (!row) throw notFound("Calibration run");
  return runView(row);
}
