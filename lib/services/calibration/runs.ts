import "server-only";
import type { CalibrationRunView, StartRunBody } from "@/lib/contracts/calibration";
import { db } from "@/lib/db";
import { conflict, notFound, rateLimited } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { enqueueJobIn } from "@/lib/jobs";
import { validateDraft, workflowGraphSchema } from "@/lib/contracts/workflows";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { lockChallengeRow } from "@/lib/db/guests";
import { builtinKindsMissing } from "@/lib/services/calibration/builtin";
import { calibratedChallenge } from "@/lib/services/calibration/challenge";
import { graphFingerprint } from "@/lib/services/calibration/graph";
import { CALIBRATION_RUN_QUEUE } from "@/lib/services/calibration/queue";
import { effectiveSettings } from "@/lib/services/calibration/settings";
import { runView } from "@/lib/services/calibration/views";

const ACTIVE = ["queued", "running"];
/** Calibrations one workspace may have queued or running at once (above the demo seed's four), so it cannot fill the job queue. */
export const CALIBRATIONS_PER_WORKSPACE = 5;

/**
 * Calibrate: every example and the judge-injection set (builtin.ts), k times each, on the draft
 * (the default; kept on the run until published, unless it is the published graph) or the
 * published version. Run and job are written in one transaction. 409 without a graph to
 * calibrate, or while another run of the challenge is queued or running.
 */
export async function startCalibrationRun(
  workspaceId: string,
  challengeId: string,
  body: StartRunBody,
  accountId: string | null,
): Promise<CalibrationRunView> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const target = await calibrationTarget(challenge.workflowId, body.target ?? "draft");
  // The challenge's examples and the built-in injection set it does not keep itself. The job
  // recounts what it can evaluate (generated examples need the secret).
  const kinds = await db.calibrationExample.findMany({
    where: { challengeId: challenge.id, workspaceId },
    select: { kind: true },
  });
  const examples = kinds.length + builtinKindsMissing(kinds.map((k) => k.kind));
  const settings = await effectiveSettings(challenge.id);
  const samples = body.samples ?? settings.samples;
  const id = uuidv7();
  await db.$transaction(async (tx) => {
    // The challenge's row lock orders two starts of the same challenge on PostgreSQL; on SQLite
    // (one writer) the create takes the write lock and the second start sees the first's row.
    if (!(await lockChallengeRow(tx, challenge.id))) throw notFound("Challenge");
    await tx.calibrationRun.create({
      data: {
        id,
        workspaceId,
        challengeId: challenge.id,
        workflowVersionId: target.version?.id ?? null,
        version: target.version?.version ?? null,
        graphHash: target.hash,
        ...(target.draftGraph ? { draftGraph: target.draftGraph } : {}),
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

interface CalibrationTarget {
  hash: string;
  /** The published version the calibrated graph is, if it is one. */
  version: { id: string; version: number } | null;
  /** A draft that is not the published graph, kept on the run. */
  draftGraph: Prisma.InputJsonValue | null;
}

async function calibrationTarget(
  workflowId: string | null,
  which: "draft" | "published",
): Promise<CalibrationTarget> {
  const wf = workflowId
    ? await db.workflow.findUnique({
        where: { id: workflowId },
        select: { draftGraph: true, publishedVersion: { select: { id: true, version: true, graph: true } } },
      })
    : null;
  if (!wf) throw conflict("The challenge has no workflow to calibrate");
  const published = wf.publishedVersion;
  const publishedHash = published ? graphFingerprint(workflowGraphSchema.parse(published.graph)) : null;
  if (which === "published") {
    if (!published || !publishedHash)
      throw conflict(
        "The challenge has no published workflow version to calibrate; calibrate the draft or publish it first",
      );
    return {
      hash: publishedHash,
      version: { id: published.id, version: published.version },
      draftGraph: null,
    };
  }
  const check = validateDraft(wf.draftGraph);
  if (!check.ok) throw conflict("The draft does not validate; fix it in the workflow builder first");
  const hash = graphFingerprint(workflowGraphSchema.parse(wf.draftGraph));
  if (published && hash === publishedHash)
    return { hash, version: { id: published.id, version: published.version }, draftGraph: null };
  return { hash, version: null, draftGraph: wf.draftGraph as Prisma.InputJsonValue };
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
