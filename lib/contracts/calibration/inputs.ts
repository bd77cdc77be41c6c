import { z } from "zod";
import { oneOf, patchSchema } from "@/lib/contracts/primitives";
import { listQuerySchema } from "@/lib/contracts/params";
import type { CalibrationLabel, ExampleSource } from "@/lib/evaluation/calibration/types";

// Judge calibration, client-safe: the request schemas of
// /console/api/challenges/{id}/calibration/**. Wire names are snake_case.

export const CALIBRATION_LABELS = ["win", "no_win"] as const satisfies readonly CalibrationLabel[];
export const EXAMPLE_SOURCES = [
  "creator",
  "generated",
  "attempt",
] as const satisfies readonly ExampleSource[];
export const CALIBRATION_RUN_STATUSES = ["queued", "running", "done", "failed"] as const;
export type CalibrationRunStatus = (typeof CALIBRATION_RUN_STATUSES)[number];

/** Longest example answer a creator may write. */
export const MAX_EXAMPLE_CHARS = 20_000;
/** Most samples per example (k) a run may take. */
export const MAX_CALIBRATION_SAMPLES = 10;

export const labelSchema = z.enum(CALIBRATION_LABELS, {
  error: `label must be ${oneOf(CALIBRATION_LABELS)}`,
});

const exampleText = z
  .string({ error: "text must be a string" })
  .max(MAX_EXAMPLE_CHARS, `text is at most ${MAX_EXAMPLE_CHARS} characters`)
  .refine((t) => t.trim() !== "", "text must not be empty");

export const exampleCreateSchema = z.strictObject({ label: labelSchema, text: exampleText });
export type ExampleCreateBody = z.infer<typeof exampleCreateSchema>;

export const exampleUpdateSchema = patchSchema({ label: labelSchema, text: exampleText });
export type ExampleUpdateBody = z.infer<typeof exampleUpdateSchema>;

/** Generated recipes to add (GENERATED_KINDS names, checked by the service); all of them when omitted. */
export const addGeneratedSchema = z
  .strictObject({
    kinds: z
      .array(
        z.string().trim().min(1, "a kind must not be empty").max(100, "a kind is at most 100 characters"),
      )
      .min(1, "kinds needs at least one kind")
      .max(100, "at most 100 kinds")
      .optional(),
  })
  .default({});
export type AddGeneratedBody = z.infer<typeof addGeneratedSchema>;

export const labelAttemptSchema = z.strictObject({
  attempt_id: z.uuid({ error: "attempt_id is not a valid id" }),
  label: labelSchema,
});
export type LabelAttemptBody = z.infer<typeof labelAttemptSchema>;

const samplesSchema = z
  .number({ error: "samples must be a number" })
  .int("samples must be a whole number")
  .min(1, "samples must be at least 1")
  .max(MAX_CALIBRATION_SAMPLES, `samples is at most ${MAX_CALIBRATION_SAMPLES}`);
const share = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be between 0 and 1`)
    .max(1, `${field} must be between 0 and 1`);

export const settingsPatchSchema = patchSchema({
  samples: samplesSchema,
  max_false_wins: z
    .number({ error: "max_false_wins must be a number" })
    .int("max_false_wins must be a whole number")
    .min(0, "max_false_wins must be at least 0")
    .max(10_000, "max_false_wins is at most 10000"),
  max_flip_rate: share("max_flip_rate"),
  min_agreement: share("min_agreement"),
});
export type SettingsPatchBody = z.infer<typeof settingsPatchSchema>;

/** A run takes the settings' samples unless the request names its own. */
export const startRunSchema = z
  .strictObject({
    samples: samplesSchema.optional(),
    /** draft (default): what the builder would publish; published: the version players play. */
    target: z.enum(["draft", "published"]).optional(),
  })
  .default({});
export type StartRunBody = z.infer<typeof startRunSchema>;

export const runListQuerySchema = listQuerySchema;

export const exampleParams = z.object({
  id: z.uuid({ error: "Not a valid id" }),
  exampleId: z.uuid({ error: "Not a valid example id" }),
});
export const runParams = z.object({
  id: z.uuid({ error: "Not a valid id" }),
  runId: z.uuid({ error: "Not a valid run id" }),
});
