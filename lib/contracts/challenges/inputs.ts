import { z } from "zod";
import { modelRefStringSchema } from "@/lib/ai/model-ref";
import {
  evaluatorTypeSchema,
  judgeConsensusFields,
  rulesSettingsSchema,
  successTypeSchema,
} from "@/lib/contracts/evaluation";
import { optionalFields, patchSchema } from "@/lib/contracts/primitives";
import { challengeStrategySchema } from "@/lib/contracts/scoring";
import { validateRulesConfig } from "@/lib/evaluation/rules";
import { validateTheme } from "@/lib/theme/validate";
import { entrypointSchema, pluginSlugSchema } from "@/lib/contracts/plugins/inputs";
import { VARIABLE_REF } from "@/lib/workflow/nodes/shared";

// Console challenge input (a challenge's columns with the evaluator/scoring plugin columns, plus
// Markdown instructions, theme, hero media, points, limits and active flag). Client-safe: the
// console forms validate with the same schemas and checkChallengeState() the services use.

export const DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;

export const MAX_INSTRUCTIONS_CHARS = 20_000;
/** The creator's refusal and win lines. */
export const MAX_CREATOR_LINE_CHARS = 500;
const MAX_JSON_CONFIG_CHARS = 32 * 1024;

export const secretNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, "Use letters, digits, _ . - (64 at most), starting with a letter or _");

const jsonConfig = (field: string) =>
  z
    .record(z.string(), z.unknown(), { error: `${field} must be a JSON object` })
    .refine((v) => JSON.stringify(v).length <= MAX_JSON_CONFIG_CHARS, `${field} is larger than 32 KB`);

const nullableText = (max: number, field: string) =>
  z.string().max(max, `${field} is too long (${max.toLocaleString("en-US")} characters at most)`).nullable();

/** Judge settings kept in evaluator_config when evaluator_type is llm-judge (read by the engine). */
export const judgeSettingsSchema = z
  .strictObject({
    judge_model: modelRefStringSchema.optional(),
    rubric_prompt_template: z.string().max(8000, "rubric_prompt_template is too long").optional(),
    rating_scale: z.number().int().min(1).max(100).optional(),
    pass_threshold: z.number().int().min(0).optional(),
    max_tokens: z.number().int().min(16).max(8000).optional(),
    ...judgeConsensusFields,
  })
  .refine(
    (s) => s.pass_threshold === undefined || s.pass_threshold <= (s.rating_scale ?? 10),
    { message: "pass_threshold must not be above rating_scale", path: ["pass_threshold"] },
  );

/** Reproduce before it counts: the runs a reproduced win may take in all. */
export const MIN_REPRODUCE_RUNS = 2;
export const MAX_REPRODUCE_RUNS = 5;

const fields = {
  app_id: z.uuid({ error: "app_id must be an id" }),
  workflow_id: z.uuid({ error: "workflow_id must be an id" }),
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(120, "name is too long"),
  description: nullableText(2000, "description"),
  goal: z.string({ error: "goal is required" }).trim().min(1, "goal is required").max(4000, "goal is too long"),
  success_type: successTypeSchema,
  success_pattern: z.string().max(2000, "success_pattern is too long").nullable(),
  /** Name of a workspace secret (see /console/api/secrets); the value is never returned. */
  secret_ref: secretNameSchema.nullable(),
  /** Write-only: sets or replaces the challenge's secret value (stored encrypted). */
  secret: z.string().min(1, "secret must not be empty").max(4096, "secret is too long"),
  scoring_strategy: challengeStrategySchema,
  is_active: z.boolean(),
  evaluator_type: evaluatorTypeSchema,
  evaluator_plugin_id: pluginSlugSchema.nullable(),
  evaluator_entrypoint: entrypointSchema.nullable(),
  evaluator_config: jsonConfig("evaluator_config").nullable(),
  scoring_plugin_id: pluginSlugSchema.nullable(),
  scoring_entrypoint: entrypointSchema.nullable(),
  scoring_config: jsonConfig("scoring_config").nullable(),
  instructions_md: nullableText(MAX_INSTRUCTIONS_CHARS, "instructions_md"),
  theme: z.record(z.string(), z.unknown(), { error: "theme must be an object of CSS variables" }).nullable(),
  hero_asset_id: z.uuid({ error: "hero_asset_id must be an id" }).nullable(),
  difficulty: z.enum(DIFFICULTIES, { error: "difficulty must be easy, medium, hard or expert" }),
  points: z.number().int("points must be a whole number").min(0).max(100_000),
  max_attempts: z.number().int().min(1, "max_attempts must be at least 1").max(1_000_000).nullable(),
  cooldown_seconds: z.number().int().min(0).max(7 * 24 * 3600),
  /** Reproduce before it counts: a win is run this many times in all (2..5; null = off)… */
  reproduce_runs: z
    .number({ error: "reproduce_runs must be a number of runs, 2 to 5" })
    .int("reproduce_runs must be a whole number")
    .min(MIN_REPRODUCE_RUNS, `reproduce_runs must be ${MIN_REPRODUCE_RUNS} to ${MAX_REPRODUCE_RUNS}`)
    .max(MAX_REPRODUCE_RUNS, `reproduce_runs must be ${MIN_REPRODUCE_RUNS} to ${MAX_REPRODUCE_RUNS}`)
    .nullable(),
  /** …and counts when at least this many of them win (1..reproduce_runs; null = all). */
  reproduce_wins: z
    .number({ error: "reproduce_wins must be a number of wins" })
    .int("reproduce_wins must be a whole number")
    .min(1, "reproduce_wins must be at least 1")
    .max(MAX_REPRODUCE_RUNS, `reproduce_wins must be at most ${MAX_REPRODUCE_RUNS}`)
    .nullable(),
  mask_variables: z
    .array(z.string().regex(VARIABLE_REF, "Use node_id.key or a start input name such as prompt"))
    .max(50, "50 mask_variables at most"),
  /** Guests (no account) may play; guests_on_boards also lists them on the boards. */
  allow_guests: z.boolean(),
  guests_on_boards: z.boolean(),
  /** Gandalf's guess box: players may type the secret itself (POST /web/api/challenges/{id}/claims). */
  allow_secret_claims: z.boolean({ error: "allow_secret_claims must be true or false" }),
  /** The creator's voice, shown to the player on a failed attempt / a win. */
  refusal_message: nullableText(MAX_CREATOR_LINE_CHARS, "refusal_message"),
  win_message: nullableText(MAX_CREATOR_LINE_CHARS, "win_message"),
};

/** Reproduction settings as a whole: wins needed only with runs, and never more than the runs. */
export function checkReproduce(runs: number | null, wins: number | null): FieldIssue[] {
  if (wins === null) return [];
  if (runs === null) return [{ path: "reproduce_wins", message: "reproduce_wins needs reproduce_runs (reproduction is off)" }];
  if (wins > runs) return [{ path: "reproduce_wins", message: `reproduce_wins must be at most reproduce_runs (${runs})` }];
  return [];
}

/** POST: name and goal are required; the other fields are optional, some with a default. */
export const challengeCreateSchema = z.strictObject({
  ...optionalFields(fields),
  name: fields.name,
  goal: fields.goal,
  success_type: fields.success_type.default("contains"),
  scoring_strategy: fields.scoring_strategy.default("first"),
  is_active: fields.is_active.default(true),
  evaluator_type: fields.evaluator_type.default("rules"),
  difficulty: fields.difficulty.default("medium"),
  points: fields.points.default(100),
  cooldown_seconds: fields.cooldown_seconds.default(0),
  mask_variables: fields.mask_variables.default([]),
  allow_guests: fields.allow_guests.default(false),
  guests_on_boards: fields.guests_on_boards.default(false),
  allow_secret_claims: fields.allow_secret_claims.default(false),
});
export type ChallengeCreateInput = z.input<typeof challengeCreateSchema>;

/** PATCH: any subset; app_id moves the challenge to another app of the workspace. */
export const challengeUpdateSchema = patchSchema(fields);
export type ChallengeUpdateInput = z.input<typeof challengeUpdateSchema>;

export const challengeListQuerySchema = z.strictObject({ app_id: fields.app_id.optional() });

/** The fields checkChallengeState looks at (a challenge after a create or a patch). */
export interface ChallengeState {
  success_type: string;
  success_pattern: string | null;
  /** True when the challenge has (or will have) a secret value. */
  has_secret: boolean;
  evaluator_type: string;
  evaluator_plugin_id: string | null;
  evaluator_config: Record<string, unknown> | null;
  scoring_strategy: string;
  scoring_plugin_id: string | null;
  theme: Record<string, unknown> | null;
  /** Reproduction settings; absent: not checked (checkReproduce). */
  reproduce_runs?: number | null;
  reproduce_wins?: number | null;
}

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Cross-field rules of a challenge, with no database access (the services add the plugin, secret,
 * app and asset lookups): the success criteria match the evaluator type, regexes compile on the
 * linear-time engine, llm-judge settings are valid, plugins are named where needed, and the theme
 * only uses whitelisted variables and signed asset URLs.
 */
export function checkChallengeState(
  s: ChallengeState,
  opts: { verifyAssetUrl?: (url: string) => boolean } = {},
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const custom = s.evaluator_type === "custom" || s.success_type === "custom";
  if (s.success_type === "custom" && s.evaluator_type !== "custom") {
    issues.push({ path: "evaluator_type", message: 'success_type "custom" needs evaluator_type "custom"' });
  }
  if (s.evaluator_type === "rules" && s.success_type !== "custom") {
    if (s.success_pattern === null || s.success_pattern.trim() === "") {
      if (!s.has_secret) {
        issues.push({
          path: "success_pattern",
          message: "Set a success_pattern, or a secret (the response then succeeds when it reveals the secret)",
        });
      }
    } else {
      const check = validateRulesConfig({ successType: s.success_type, pattern: s.success_pattern, hasSecret: s.has_secret });
      if (!check.ok) issues.push({ path: "success_pattern", message: check.message });
    }
  }
  if (s.evaluator_type === "rules") {
    const parsed = rulesSettingsSchema.safeParse(s.evaluator_config ?? {});
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        issues.push({ path: ["evaluator_config", ...i.path.map(String)].join("."), message: i.message });
      }
    }
  }
  if (s.evaluator_type === "llm-judge") {
    const parsed = judgeSettingsSchema.safeParse(s.evaluator_config ?? {});
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        issues.push({ path: ["evaluator_config", ...i.path.map(String)].join("."), message: i.message });
      }
    }
  }
  if (custom && !s.evaluator_plugin_id) {
    issues.push({ path: "evaluator_plugin_id", message: "A custom evaluator needs evaluator_plugin_id" });
  }
  issues.push(...checkScoringAndTheme(s, opts));
  issues.push(...checkReproduce(s.reproduce_runs ?? null, s.reproduce_wins ?? null));
  return issues;
}

/** What a challenge and a collection both check: custom scoring names its plugin; the theme is valid. */
export function checkScoringAndTheme(
  s: { scoring_strategy: string; scoring_plugin_id: string | null; theme: Record<string, unknown> | null },
  opts: { verifyAssetUrl?: (url: string) => boolean } = {},
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (s.scoring_strategy === "custom" && !s.scoring_plugin_id) {
    issues.push({ path: "scoring_plugin_id", message: 'scoring_strategy "custom" needs scoring_plugin_id' });
  }
  const theme = validateTheme(s.theme, opts);
  if (!theme.ok) {
    for (const i of theme.issues) issues.push({ path: i.path ? `theme.${i.path}` : "theme", message: i.message });
  }
  return issues;
}

/** Roles that may change console content (every workspace role is at least editor today). */
export const WRITERS = ["owner", "admin", "editor"] as const;
