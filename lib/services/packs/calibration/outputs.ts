import "server-only";
import {
  MAX_PACK_CALIBRATION_OUTPUTS,
  type PackCalibrationOutputView,
  type PackOutputCreateBody,
  type PackOutputUpdateBody,
} from "@/lib/contracts/pack-calibration";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { calibrationCases, judgeKeys } from "@/lib/packs/run/calibration";
import { specOf } from "@/lib/packs/run/plan";
import {
  calibratedVersion,
  outputView,
  type CalibratedVersion,
} from "@/lib/services/packs/calibration/views";

// The labelled outputs kept with a pack version: each names a case of the version and one of its
// LLM judges, checked against the version's manifest. Every read and write is scoped to the
// caller's workspace; at most MAX_PACK_CALIBRATION_OUTPUTS per version.

const invalid = (message: string) => new AppError("validation_failed", message);

/** The case and judge a new output names, completed and checked against the version. */
function targetOf(version: CalibratedVersion, body: PackOutputCreateBody) {
  const cases = calibrationCases(version.bundle).filter((c) => c.caseKey === body.case_key);
  const inSet = body.input_set ? cases.filter((c) => c.inputSet === body.input_set) : cases;
  if (inSet.length === 0)
    throw invalid(
      body.input_set
        ? `case_key "${body.case_key}" is not a case of input set "${body.input_set}" in version ${version.number}`
        : `case_key "${body.case_key}" is not a case of version ${version.number}`,
    );
  if (inSet.length > 1) throw invalid(`case_key "${body.case_key}" is in several input sets; name input_set`);
  const judges = judgeKeys(specOf(version.bundle));
  if (judges.length === 0) throw invalid(`version ${version.number} has no LLM judges to calibrate`);
  const judgeKey = body.judge_key ?? (judges.length === 1 ? judges[0]! : undefined);
  if (judgeKey === undefined)
    throw invalid(`version ${version.number} has several LLM judges; name judge_key (${judges.join(", ")})`);
  if (!judges.includes(judgeKey))
    throw invalid(
      `judge_key "${judgeKey}" is not an LLM judge of version ${version.number} (${judges.join(", ")})`,
    );
  return { inputSetKey: inSet[0]!.inputSet, caseKey: body.case_key, judgeKey };
}

export async function listPackCalibrationOutputs(
  workspaceId: string,
  packId: string,
  number: number,
): Promise<PackCalibrationOutputView[]> {
  const version = await calibratedVersion(workspaceId, packId, number);
  const rows = await db.packCalibrationOutput.findMany({
    where: { versionId: version.id, workspaceId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(outputView);
}

export async function createPackCalibrationOutput(
  workspaceId: string,
  packId: string,
  number: number,
  body: PackOutputCreateBody,
  accountId: string | null,
): Promise<PackCalibrationOutputView> {
  const version = await calibratedVersion(workspaceId, packId, number);
  const target = targetOf(version, body);
  const row = await db.$transaction(async (tx) => {
    // Counted with the new row, so two adds at once cannot both pass the cap.
    const created = await tx.packCalibrationOutput.create({
      data: {
        workspaceId,
        versionId: version.id,
        ...target,
        label: body.label,
        text: body.text,
        createdBy: accountId,
      },
    });
    const count = await tx.packCalibrationOutput.count({ where: { versionId: version.id } });
    if (count > MAX_PACK_CALIBRATION_OUTPUTS)
      throw invalid(
        `A pack version keeps at most ${MAX_PACK_CALIBRATION_OUTPUTS} labelled outputs; it has ${count - 1}`,
      );
    return created;
  });
  return outputView(row);
}

async function ownOutput(workspaceId: string, packId: string, number: number, outputId: string) {
  const version = await calibratedVersion(workspaceId, packId, number);
  const row = await db.packCalibrationOutput.findFirst({
    where: { id: outputId, versionId: version.id, workspaceId },
    select: { id: true },
  });
  if (!row) throw notFound("Labelled output");
  return row;
}

export async function updatePackCalibrationOutput(
  workspaceId: string,
  packId: string,
  number: number,
  outputId: string,
  body: PackOutputUpdateBody,
): Promise<PackCalibrationOutputView> {
  const own = await ownOutput(workspaceId, packId, number, outputId);
  const row = await db.packCalibrationOutput.update({
    where: { id: own.id },
    data: {
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.text !== undefined ? { text: body.text } : {}),
    },
  });
  return outputView(row);
}

export async function deletePackCalibrationOutput(
  workspaceId: string,
  packId: string,
  number: number,
  outputId: string,
): Promise<void> {
  const own = await ownOutput(workspaceId, packId, number, outputId);
  await db.packCalibrationOutput.delete({ where: { id: own.id } });
}
