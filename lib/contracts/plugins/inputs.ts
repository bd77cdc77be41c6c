import Ajv, { type ErrorObject, type Options as AjvOptions, type ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import { compileCreatorRegex } from "@/lib/evaluation/regex";
import { patchSchema } from "@/lib/contracts/primitives";
import { z } from "zod";

// Client-safe schemas for custom evaluator/scorer plugins: console input,
// test-run input, the JSON a plugin must return, and the compiler for
// a plugin's config JSON Schema (shared by the editor's live validation and the server).

export const PLUGIN_KINDS = ["evaluator", "scorer"] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];
export const DEFAULT_ENTRYPOINT: Record<PluginKind, string> = { evaluator: "evaluate", scorer: "score" };

export const MAX_PLUGIN_CODE_BYTES = 100 * 1024;
const MAX_SCHEMA_CHARS = 32 * 1024;
const MAX_CONFIG_CHARS = 32 * 1024;
/** Evaluator ratings are on a 0–10 scale. */
export const PLUGIN_RATING_MAX = 10;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;
const jsonChars = (v: unknown) => JSON.stringify(v)?.length ?? 0;

export const pluginSlugSchema = z
  .string({ error: "plugin_id is required" })
  .trim()
  .regex(
    /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/,
    "plugin_id: use lowercase letters and digits, separated by single - _ or .",
  )
  .max(64, "plugin_id is too long (64 characters at most)");

/** A function name, optionally dotted (`evaluate`, `exports.score`, `Scorer.score`). */
export const entrypointSchema = z
  .string({ error: "entrypoint is required" })
  .trim()
  .regex(
    /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,2}$/,
    "entrypoint: a function name such as evaluate, or a dotted path such as Scorer.score",
  );

const jsonObjectSchema = z.record(z.string(), z.unknown());

export const pluginCodeSchema = z
  .string({ error: "code is required" })
  .min(1, "code is required")
  .refine((s) => s.trim().length > 0, "code is required")
  .refine((s) => utf8Bytes(s) <= MAX_PLUGIN_CODE_BYTES, `code is larger than ${MAX_PLUGIN_CODE_BYTES / 1024} KB`);

export const configSchemaSchema = jsonObjectSchema.superRefine((schema, ctx) => {
  if (jsonChars(schema) > MAX_SCHEMA_CHARS) {
    ctx.addIssue({ code: "custom", message: `config_schema is larger than ${MAX_SCHEMA_CHARS / 1024} KB` });
    return;
  }
  const compiled = compileConfigSchema(schema);
  if (!compiled.ok) ctx.addIssue({ code: "custom", message: compiled.message });
});

const entrypointsSchema = z
  .array(entrypointSchema)
  .min(1, "List at least one entrypoint")
  .max(10, "10 entrypoints at most")
  .refine((list) => new Set(list).size === list.length, "entrypoints must be unique");

export const pluginCreateSchema = z
  .strictObject({
    plugin_id: pluginSlugSchema,
    name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(80, "name is too long"),
    kind: z.enum(PLUGIN_KINDS, { error: "kind must be evaluator or scorer" }),
    code: pluginCodeSchema,
    entrypoints: entrypointsSchema.optional(),
    config_schema: configSchemaSchema.nullable().optional(),
  })
  .transform((input) => ({ ...input, entrypoints: input.entrypoints ?? [DEFAULT_ENTRYPOINT[input.kind]] }));
export type PluginCreateInput = z.input<typeof pluginCreateSchema>;

// plugin_id and kind are fixed once created: challenges refer to the slug and expect its kind.
export const pluginUpdateSchema = patchSchema({
  name: z.string().trim().min(1, "name is required").max(80, "name is too long"),
  code: pluginCodeSchema,
  entrypoints: entrypointsSchema,
  config_schema: configSchemaSchema.nullable(),
});
export type PluginUpdateInput = z.input<typeof pluginUpdateSchema>;

/** AttemptMetrics of the plugin API; missing fields default to "unknown". */
export const attemptMetricsSchema = z.strictObject({
  succeeded: z.boolean().default(false),
  tokens_total: z.number().int().min(0).nullable().default(null),
  elapsed_ms: z.number().int().min(0).nullable().default(null),
  rating: z.number().min(0).nullable().default(null),
  created_at: z.number().int().nullable().default(null),
});

export const pluginConfigSchema = jsonObjectSchema.refine(
  (config) => jsonChars(config) <= MAX_CONFIG_CHARS,
  `config is larger than ${MAX_CONFIG_CHARS / 1024} KB`,
);

/** The console's test-run box: evaluators get goal/response, scorers get metrics. */
export const pluginTestRunSchema = z.strictObject({
  entrypoint: entrypointSchema.optional(),
  config: pluginConfigSchema.default({}),
  goal: z.string().max(10_000, "goal is too long").default(""),
  response: z.string().max(100_000, "response is too long").default(""),
  metrics: z.union([attemptMetricsSchema, z.array(attemptMetricsSchema).max(1000)]).optional(),
  variables: jsonObjectSchema.optional(),
});
export type PluginTestRunInput = z.input<typeof pluginTestRunSchema>;

/** What an evaluator entrypoint must return (EvaluatorResult). */
export const evaluatorOutputSchema = z.object({
  passed: z.boolean({ error: "passed must be true or false" }),
  rating: z.number().int().min(0).max(PLUGIN_RATING_MAX).nullish(),
  feedback: z.string().max(4000).nullish(),
  raw: jsonObjectSchema.nullish(),
});
export type EvaluatorOutput = z.infer<typeof evaluatorOutputSchema>;

/** What a scorer entrypoint must return (ScoringResult). */
export const scorerOutputSchema = z.object({
  score: z.number({ error: "score must be a finite number" }),
  details: jsonObjectSchema.nullish(),
});
export type ScorerOutput = z.infer<typeof scorerOutputSchema>;

export const pluginOutputSchemas = { evaluator: evaluatorOutputSchema, scorer: scorerOutputSchema } as const;

// Creator patterns in a schema (`pattern`, `patternProperties`) run on RE2: linear time, and
// unsupported syntax fails at compile time. Linear is not cheap enough on its own (a 30,000-step
// pattern on a long config string blocked the server for seconds), so schema patterns get the
// same limits as challenge patterns (length and program size, see regex.ts) and each match is
// bounded by program size × string length.

/** Worst-case RE2 steps (program size × characters) of one schema pattern match (~15 ms). */
export const MAX_SCHEMA_PATTERN_COST = 2_000_000;

/** Thrown from a schema pattern match that would cost too much; validate() reports it. */
class PatternCostError extends Error {}

const re2Engine = Object.assign(
  (pattern: string) => {
    const re = compileCreatorRegex(pattern);
    const size = re.programSize();
    return {
      test(text: string): boolean {
        if (size * text.length > MAX_SCHEMA_PATTERN_COST) {
          const most = Math.floor(MAX_SCHEMA_PATTERN_COST / size);
          throw new PatternCostError(
            `a value checked by the pattern ${JSON.stringify(pattern.slice(0, 40))} is too long for it (${text.length} characters; at most ${most})`,
          );
        }
        return re.test(text);
      },
    };
  },
  { code: "re2js" },
);

const ajvOptions: AjvOptions = {
  allErrors: true,
  strict: true,
  logger: false,
  // Formats need a plugin (and some use slow regexes); they are accepted and not checked.
  validateFormats: false,
  code: { regExp: re2Engine },
};

function newAjv(schema: Record<string, unknown>): Ajv {
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  if (dialect.includes("2020-12")) return new Ajv2020(ajvOptions);
  if (dialect.includes("2019-09")) return new Ajv2019(ajvOptions);
  return new Ajv(ajvOptions);
}

export type CompiledConfigSchema =
  | { ok: true; validate: (config: unknown) => { ok: true } | { ok: false; message: string } }
  | { ok: false; message: string };

/** Compiles a plugin's config JSON Schema (draft-07 by default; 2019-09 and 2020-12 by $schema). */
export function compileConfigSchema(schema: unknown): CompiledConfigSchema {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return { ok: false, message: "config_schema must be a JSON Schema object" };
  }
  let validate: ValidateFunction;
  try {
    // A fresh instance per schema: no clashes between plugins that reuse an $id.
    validate = newAjv(schema as Record<string, unknown>).compile(schema);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: false, message: `config_schema is not a valid JSON Schema: ${reason.slice(0, 300)}` };
  }
  return {
    ok: true,
    validate: (config) => {
      try {
        return validate(config) ? { ok: true } : { ok: false, message: describeAjvErrors(validate.errors) };
      } catch (err) {
        if (err instanceof PatternCostError) return { ok: false, message: `config: ${err.message}` };
        throw err;
      }
    },
  };
}

function describeAjvErrors(errors: ErrorObject[] | null | undefined): string {
  const list = (errors ?? []).slice(0, 5).map((e) => {
    const where = e.instancePath ? `config${e.instancePath.replaceAll("/", ".")}` : "config";
    const extra = e.keyword === "additionalProperties" ? ` (${String((e.params as { additionalProperty?: unknown }).additionalProperty)})` : "";
    return `${where} ${e.message ?? "is invalid"}${extra}`;
  });
  return list.length > 0 ? list.join("; ") : "config does not match the plugin's schema";
}
