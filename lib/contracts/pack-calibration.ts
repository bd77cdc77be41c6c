import { z } from "zod";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { operation } from "@/lib/contracts/operation";
import { listQuerySchema } from "@/lib/contracts/params";
import { isoTimestamp, jsonObject, oneOf, patchSchema } from "@/lib/contracts/primitives";

// Judge calibration of a pack version, client-safe: labelled outputs kept with the version
// (what a case's LLM judge should say of an answer) and calibration runs of its judges, under
// /console/api/packs/{id}/versions/{number}/calibration/**. Wire names are snake_case.

export const PACK_CALIBRATION_LABELS = ["pass", "fail"] as const;
export type PackCalibrationLabel = (typeof PACK_CALIBRATION_LABELS)[number];
export const PACK_CALIBRATION_RUN_STATUSES = ["queued", "running", "done", "failed"] as const;
export type PackCalibrationRunStatus = (typeof PACK_CALIBRATION_RUN_STATUSES)[number];

/** Longest labelled output (characters). */
export const MAX_PACK_CALIBRATION_OUTPUT_CHARS = 20_000;
/** Most labelled outputs one pack version keeps. */
export const MAX_PACK_CALIBRATION_OUTPUTS = 500;
/** Judgings per output (k) unless the request names its own, and the most it may name. */
export const DEFAULT_PACK_CALIBRATION_SAMPLES = 3;
export const MAX_PACK_CALIBRATION_SAMPLES = 10;

const key = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(200, `${field} is at most 200 characters`);

const labelSchema = z.enum(PACK_CALIBRATION_LABELS, {
  error: `label must be ${oneOf(PACK_CALIBRATION_LABELS)}`,
});

const outputText = z
  .string({ error: "text must be a string" })
  .max(MAX_PACK_CALIBRATION_OUTPUT_CHARS, `text is at most ${MAX_PACK_CALIBRATION_OUTPUT_CHARS} characters`)
  .refine((t) => t.trim() !== "", "text must not be empty");

/** input_set may be left out when the version has one input set; judge_key when it has one LLM judge. */
export const packOutputCreateSchema = z.strictObject({
  input_set: key("input_set").optional(),
  case_key: key("case_key"),
  judge_key: key("judge_key").optional(),
  text: outputText,
  label: labelSchema,
});
export type PackOutputCreateBody = z.infer<typeof packOutputCreateSchema>;

export const packOutputUpdateSchema = patchSchema({ label: labelSchema, text: outputText });
export type PackOutputUpdateBody = z.infer<typeof packOutputUpdateSchema>;

const modelRef = z.string().trim().min(1).max(300);

export const packCalibrationStartSchema = z
  .strictObject({
    samples: z
      .number({ error: "samples must be a number" })
      .int("samples must be a whole number")
      .min(1, "samples must be at least 1")
      .max(MAX_PACK_CALIBRATION_SAMPLES, `samples is at most ${MAX_PACK_CALIBRATION_SAMPLES}`)
      .optional(),
    /** A judge model named by the pack → the Gauntlet model reference to use (as a pack run's). */
    judge_models: z
      .record(z.string().max(200), modelRef)
      .refine((m) => Object.keys(m).length <= 20, "judge_models has at most 20 entries")
      .optional(),
  })
  .default({});
export type PackCalibrationStartBody = z.infer<typeof packCalibrationStartSchema>;

export const packCalibrationCompareQuery = z.strictObject({
  a: z.uuid({ error: "a is not a valid run id" }),
  b: z.uuid({ error: "b is not a valid run id" }),
});

const versionParams = z.object({
  id: z.string().min(1).max(100),
  number: z.coerce.number().int().min(1).max(2_147_483_647),
});
const outputParams = versionParams.extend({ outputId: z.uuid({ error: "Not a valid output id" }) });
const runParams = versionParams.extend({ runId: z.uuid({ error: "Not a valid run id" }) });

export const packCalibrationOutputView = z.object({
  id: z.string(),
  version_id: z.string(),
  input_set: z.string(),
  case_key: z.string(),
  judge_key: z.string(),
  label: z.enum(PACK_CALIBRATION_LABELS),
  source: z.string(),
  text: z.string(),
  created_by: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type PackCalibrationOutputView = z.infer<typeof packCalibrationOutputView>;

export const packCalibrationRunView = z.object({
  id: z.string(),
  version_id: z.string(),
  samples: z.number().int(),
  judge_models: z.record(z.string(), z.string()),
  status: z.enum(PACK_CALIBRATION_RUN_STATUSES),
  completed: z.number().int(),
  total: z.number().int(),
  report: jsonObject
    .nullable()
    .describe(
      "The calibration report (CalibrationReport, pass read as win), once done; exampleId is the output's id",
    ),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: isoTimestamp,
  finished_at: isoTimestamp.nullable(),
});
export type PackCalibrationRunView = z.infer<typeof packCalibrationRunView>;

const outputResponse = z.object({ output: packCalibrationOutputView });
const runResponse = z.object({ run: packCalibrationRunView });
const comparisonResponse = z.object({
  a: packCalibrationRunView,
  b: packCalibrationRunView,
  comparison: jsonObject.describe("CalibrationComparison of a (before) and b (after)"),
});

export const packCalibrationOperations = {
  listOutputs: operation({
    auth: "workspace",
    params: versionParams,
    doc: {
      summary: "A pack version's labelled outputs (what its judges should say of each)",
      response: z.object({ data: z.array(packCalibrationOutputView) }),
    },
  }),
  createOutput: operation({
    auth: "workspace",
    roles: WRITERS,
    params: versionParams,
    body: packOutputCreateSchema,
    maxBodyBytes: 128 * 1024,
    doc: {
      summary: `Keep a labelled output with a pack version (at most ${MAX_PACK_CALIBRATION_OUTPUTS} per version)`,
      response: outputResponse,
      status: 201,
    },
  }),
  updateOutput: operation({
    auth: "workspace",
    roles: WRITERS,
    params: outputParams,
    body: packOutputUpdateSchema,
    maxBodyBytes: 128 * 1024,
    doc: { summary: "Change a labelled output's label and/or text", response: outputResponse },
  }),
  removeOutput: operation({
    auth: "workspace",
    roles: WRITERS,
    params: outputParams,
    doc: { summary: "Delete a labelled output", status: 204 },
  }),
  listRuns: operation({
    auth: "workspace",
    params: versionParams,
    query: listQuerySchema,
    doc: {
      summary: "A pack version's judge calibrations, newest first",
      response: z.object({ data: z.array(packCalibrationRunView), total: z.number().int() }),
    },
  }),
  startRun: operation({
    auth: "workspace",
    roles: WRITERS,
    params: versionParams,
    body: packCalibrationStartSchema,
    doc: {
      summary:
        "Calibrate the version's judges: every labelled output judged k times as a pack run judges it (runs on the job engine); 409 without outputs or while one is in progress",
      response: runResponse,
      status: 202,
      statuses: [409, 429],
    },
  }),
  getRun: operation({
    auth: "workspace",
    params: runParams,
    doc: { summary: "A judge calibration: progress and, once done, its report", response: runResponse },
  }),
  compareRuns: operation({
    auth: "workspace",
    params: versionParams,
    query: packCalibrationCompareQuery,
    doc: {
      summary: "Two finished judge calibrations of a pack version compared (a before, b after)",
      response: comparisonResponse,
      statuses: [409],
    },
  }),
};
