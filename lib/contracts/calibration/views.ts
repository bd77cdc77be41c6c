import { z } from "zod";
import { isoTimestamp, jsonObject } from "@/lib/contracts/primitives";
import {
  CALIBRATION_LABELS,
  CALIBRATION_RUN_STATUSES,
  EXAMPLE_SOURCES,
} from "@/lib/contracts/calibration/inputs";

// Judge calibration response shapes. A generated example shows its recipe (kind, description)
// and never a text: it is made from the secret only while a run evaluates it.

export const calibrationExampleView = z.object({
  id: z.string(),
  challenge_id: z.string(),
  label: z.enum(CALIBRATION_LABELS),
  source: z.enum(EXAMPLE_SOURCES),
  kind: z.string().nullable().describe("A generated example's recipe"),
  description: z.string().nullable().describe("What a generated example's recipe makes"),
  text: z.string().nullable().describe("The answer; null for generated examples"),
  attempt_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type CalibrationExampleView = z.infer<typeof calibrationExampleView>;

export const calibrationThresholdsView = z.object({
  max_false_wins: z.number().int(),
  max_flip_rate: z.number(),
  min_agreement: z.number(),
});
export type CalibrationThresholdsView = z.infer<typeof calibrationThresholdsView>;

export const calibrationSettingsView = z.object({
  challenge_id: z.string(),
  samples: z.number().int(),
  thresholds: calibrationThresholdsView,
  updated_by: z.string().nullable(),
  updated_at: isoTimestamp.nullable().describe("null while the defaults apply"),
});
export type CalibrationSettingsView = z.infer<typeof calibrationSettingsView>;

export const calibrationRunView = z.object({
  id: z.string(),
  challenge_id: z.string(),
  workflow_version_id: z.string().nullable().describe("null: a draft graph not published (yet)"),
  version: z.number().int().nullable().describe("null: a draft graph not published (yet)"),
  graph_hash: z
    .string()
    .nullable()
    .describe("Fingerprint of the calibrated graph (the publish gate matches it)"),
  samples: z.number().int(),
  status: z.enum(CALIBRATION_RUN_STATUSES),
  completed: z.number().int(),
  total: z.number().int(),
  thresholds: calibrationThresholdsView,
  report: jsonObject.nullable().describe("The calibration report (CalibrationReport), once done"),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: isoTimestamp,
  finished_at: isoTimestamp.nullable(),
});
export type CalibrationRunView = z.infer<typeof calibrationRunView>;

export const exampleResponse = z.object({ example: calibrationExampleView });
export const exampleListResponse = z.object({ data: z.array(calibrationExampleView) });
export const settingsResponse = z.object({ settings: calibrationSettingsView });
export const runResponse = z.object({ run: calibrationRunView });
export const runListResponse = z.object({ data: z.array(calibrationRunView), total: z.number().int() });
