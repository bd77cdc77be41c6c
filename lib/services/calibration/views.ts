import "server-only";
import type {
  CalibrationExampleView,
  CalibrationRunStatus,
  CalibrationRunView,
  CalibrationSettingsView,
  CalibrationThresholdsView,
} from "@/lib/contracts/calibration";
import {
  DEFAULT_CALIBRATION_SAMPLES,
  DEFAULT_CALIBRATION_THRESHOLDS,
  type CalibrationLabel,
  type CalibrationThresholds,
  type ExampleSource,
} from "@/lib/evaluation/calibration/types";
import type { Prisma } from "@/lib/generated/sqlite/client";

// Rows to the calibration views (snake_case on the wire; thresholds stored as CalibrationThresholds).

export interface ExampleRow {
  id: string;
  challengeId: string;
  label: string;
  source: string;
  kind: string | null;
  text: string | null;
  attemptId: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A generated example shows its recipe's description and never a text. */
export function exampleView(
  row: ExampleRow,
  describe: (kind: string) => string | null,
): CalibrationExampleView {
  const generated = row.source === "generated";
  return {
    id: row.id,
    challenge_id: row.challengeId,
    label: row.label as CalibrationLabel,
    source: row.source as ExampleSource,
    kind: row.kind,
    description: generated && row.kind ? describe(row.kind) : null,
    text: generated ? null : row.text,
    attempt_id: row.attemptId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function thresholdsView(t: CalibrationThresholds): CalibrationThresholdsView {
  return { max_false_wins: t.maxFalseWins, max_flip_rate: t.maxFlipRate, min_agreement: t.minAgreement };
}

/** Stored thresholds (JSON), each falling back to its default when missing. */
export function thresholdsOf(stored: Prisma.JsonValue | null | undefined): CalibrationThresholds {
  const o = (stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {}) as Record<
    string,
    unknown
  >;
  const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v : d);
  return {
    maxFalseWins: num(o.maxFalseWins, DEFAULT_CALIBRATION_THRESHOLDS.maxFalseWins),
    maxFlipRate: num(o.maxFlipRate, DEFAULT_CALIBRATION_THRESHOLDS.maxFlipRate),
    minAgreement: num(o.minAgreement, DEFAULT_CALIBRATION_THRESHOLDS.minAgreement),
  };
}

export interface SettingsRow {
  samples: number;
  maxFalseWins: number;
  maxFlipRate: number;
  minAgreement: number;
  updatedBy: string | null;
  updatedAt: Date;
}

export function settingsView(challengeId: string, row: SettingsRow | null): CalibrationSettingsView {
  const t = row ?? DEFAULT_CALIBRATION_THRESHOLDS;
  return {
    challenge_id: challengeId,
    samples: row?.samples ?? DEFAULT_CALIBRATION_SAMPLES,
    thresholds: thresholdsView({
      maxFalseWins: t.maxFalseWins,
      maxFlipRate: t.maxFlipRate,
      minAgreement: t.minAgreement,
    }),
    updated_by: row?.updatedBy ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export interface RunRow {
  id: string;
  challengeId: string;
  workflowVersionId: string | null;
  version: number | null;
  graphHash: string | null;
  samples: number;
  status: string;
  total: number;
  completed: number;
  thresholds: Prisma.JsonValue;
  report: Prisma.JsonValue | null;
  error: string | null;
  createdBy: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export function runView(row: RunRow): CalibrationRunView {
  const report =
    row.status === "done" && row.report && typeof row.report === "object" && !Array.isArray(row.report)
      ? (row.report as Record<string, unknown>)
      : null;
  return {
    id: row.id,
    challenge_id: row.challengeId,
    workflow_version_id: row.workflowVersionId,
    version: row.version,
    graph_hash: row.graphHash,
    samples: row.samples,
    status: row.status as CalibrationRunStatus,
    completed: row.completed,
    total: row.total,
    thresholds: thresholdsView(thresholdsOf(row.thresholds)),
    report,
    error: row.error,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
