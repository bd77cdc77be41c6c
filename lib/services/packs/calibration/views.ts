import "server-only";
import type {
  PackCalibrationLabel,
  PackCalibrationOutputView,
  PackCalibrationRunStatus,
  PackCalibrationRunView,
} from "@/lib/contracts/pack-calibration";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { Bundle } from "@/lib/packs/types";

// The pack version a calibration belongs to (by pack id or slug and number, in the caller's
// workspace only), and rows to the wire views (snake_case).

export interface CalibratedVersion {
  id: string;
  number: number;
  bundle: Bundle;
}

export async function calibratedVersion(
  workspaceId: string,
  packId: string,
  number: number,
): Promise<CalibratedVersion> {
  const pack = await db.challengePack.findFirst({
    where: { workspaceId, OR: [{ id: packId }, { slug: packId }] },
    select: { id: true },
  });
  if (!pack) throw notFound("Challenge pack");
  const version = await db.challengePackVersion.findFirst({
    where: { packId: pack.id, number, workspaceId },
    select: { id: true, number: true, manifest: true },
  });
  if (!version) throw notFound("Challenge pack version");
  return { id: version.id, number: version.number, bundle: version.manifest as unknown as Bundle };
}

export interface OutputRow {
  id: string;
  versionId: string;
  inputSetKey: string;
  caseKey: string;
  judgeKey: string;
  label: string;
  source: string;
  text: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function outputView(row: OutputRow): PackCalibrationOutputView {
  return {
    id: row.id,
    version_id: row.versionId,
    input_set: row.inputSetKey,
    case_key: row.caseKey,
    judge_key: row.judgeKey,
    label: row.label as PackCalibrationLabel,
    source: row.source,
    text: row.text,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface RunRow {
  id: string;
  versionId: string;
  samples: number;
  judgeModels: Prisma.JsonValue;
  status: string;
  total: number;
  completed: number;
  report: Prisma.JsonValue | null;
  error: string | null;
  createdBy: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const record = (v: Prisma.JsonValue | null): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? v : null;

export function judgeModelsOf(v: Prisma.JsonValue | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record(v) ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

export function runView(row: RunRow): PackCalibrationRunView {
  return {
    id: row.id,
    version_id: row.versionId,
    samples: row.samples,
    judge_models: judgeModelsOf(row.judgeModels),
    status: row.status as PackCalibrationRunStatus,
    completed: row.completed,
    total: row.total,
    report: row.status === "done" ? record(row.report) : null,
    error: row.error,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
