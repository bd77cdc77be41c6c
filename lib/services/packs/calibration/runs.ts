import "server-only";
import {
  DEFAULT_PACK_CALIBRATION_SAMPLES,
  type PackCalibrationRunView,
  type PackCalibrationStartBody,
} from "@/lib/contracts/pack-calibration";
import { db } from "@/lib/db";
import { compareReports, type CalibrationComparison } from "@/lib/evaluation/calibration/report";
import { DEFAULT_CALIBRATION_THRESHOLDS, type CalibrationReport } from "@/lib/evaluation/calibration/types";
import { conflict, notFound, rateLimited } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { enqueueJobIn } from "@/lib/jobs";
import { PACK_CALIBRATION_QUEUE } from "@/lib/services/packs/calibration/queue";
import { calibratedVersion, runView } from "@/lib/services/packs/calibration/views";

const ACTIVE = ["queued", "running"];
/** Pack judge calibrations one workspace may have queued or running at once. */
export const PACK_CALIBRATIONS_PER_WORKSPACE = 5;

/**
 * Calibrate a pack version's judges: a run of every labelled output, k times each. The run row and
 * its job are written in one transaction. 409 without outputs or while another calibration of the
 * version is in progress; 429 past the workspace's limit.
 */
export async function startPackCalibration(
  workspaceId: string,
  packId: string,
  number: number,
  body: PackCalibrationStartBody,
  accountId: string | null,
): Promise<PackCalibrationRunView> {
  const version = await calibratedVersion(workspaceId, packId, number);
  const outputs = await db.packCalibrationOutput.count({ where: { versionId: version.id, workspaceId } });
  if (outputs === 0) throw conflict("The pack version has no labelled outputs; add some first");
  const samples = body.samples ?? DEFAULT_PACK_CALIBRATION_SAMPLES;
  const id = uuidv7();
  await db.$transaction(async (tx) => {
    // The new run is counted with the others, so of two starts at once the second sees the first.
    await tx.packCalibrationRun.create({
      data: {
        id,
        workspaceId,
        versionId: version.id,
        samples,
        judgeModels: body.judge_models ?? {},
        status: "queued",
        total: outputs * samples,
        thresholds: { ...DEFAULT_CALIBRATION_THRESHOLDS },
        createdBy: accountId,
      },
    });
    const active = await tx.packCalibrationRun.count({
      where: { versionId: version.id, status: { in: ACTIVE } },
    });
    if (active > 1)
      throw conflict("A calibration of this pack version is already in progress; wait for it to finish");
    const inWorkspace = await tx.packCalibrationRun.count({ where: { workspaceId, status: { in: ACTIVE } } });
    if (inWorkspace > PACK_CALIBRATIONS_PER_WORKSPACE)
      throw rateLimited(
        30,
        `This workspace already has ${PACK_CALIBRATIONS_PER_WORKSPACE} pack calibrations in progress; wait for one to finish`,
      );
    await enqueueJobIn(
      tx,
      PACK_CALIBRATION_QUEUE,
      { runId: id },
      { singletonKey: `pack-calibration:${id}`, workspaceId },
    );
  });
  return getPackCalibration(workspaceId, packId, number, id);
}

export async function listPackCalibrations(
  workspaceId: string,
  packId: string,
  number: number,
  page: { limit: number; offset: number },
): Promise<{ data: PackCalibrationRunView[]; total: number }> {
  const version = await calibratedVersion(workspaceId, packId, number);
  const where = { versionId: version.id, workspaceId };
  const [rows, total] = await Promise.all([
    db.packCalibrationRun.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: page.limit,
      skip: page.offset,
    }),
    db.packCalibrationRun.count({ where }),
  ]);
  return { data: rows.map(runView), total };
}

async function ownRun(workspaceId: string, versionId: string, runId: string) {
  const row = await db.packCalibrationRun.findFirst({ where: { id: runId, versionId, workspaceId } });
  if (!row) throw notFound("Judge calibration");
  return row;
}

export async function getPackCalibration(
  workspaceId: string,
  packId: string,
  number: number,
  runId: string,
): Promise<PackCalibrationRunView> {
  const version = await calibratedVersion(workspaceId, packId, number);
  return runView(await ownRun(workspaceId, version.id, runId));
}

/** Two finished calibrations of the version: a before, b after (compareReports). 409 while either is unfinished. */
export async function comparePackCalibrations(
  workspaceId: string,
  packId: string,
  number: number,
  ids: { a: string; b: string },
): Promise<{ a: PackCalibrationRunView; b: PackCalibrationRunView; comparison: CalibrationComparison }> {
  const version = await calibratedVersion(workspaceId, packId, number);
  const [a, b] = await Promise.all([
    ownRun(workspaceId, version.id, ids.a),
    ownRun(workspaceId, version.id, ids.b),
  ]);
  const before = runView(a);
  const after = runView(b);
  if (!before.report || !after.report) throw conflict("Both calibrations must be done to be compared");
  const comparison = compareReports(
    before.report as unknown as CalibrationReport,
    after.report as unknown as CalibrationReport,
  );
  return { a: before, b: after, comparison };
}
