import { z } from "zod";
import { collectionStrategySchema } from "@/lib/contracts/scoring";
import { validateTheme } from "@/lib/theme/validate";
import { MAX_INSTRUCTIONS_CHARS, type FieldIssue } from "@/lib/contracts/challenges/inputs";
import { entrypointSchema, pluginSlugSchema } from "@/lib/contracts/plugins/inputs";

// Console collection input: ordered membership and a collection scoring
// strategy. Client-safe.

export const MAX_COLLECTION_CHALLENGES = 200;

export const challengeIdsSchema = z
  .array(z.uuid({ error: "Each challenge id must be an id" }), { error: "challenge_ids must be a list of ids" })
  .max(MAX_COLLECTION_CHALLENGES, `A collection holds at most ${MAX_COLLECTION_CHALLENGES} challenges`)
  .refine((ids) => new Set(ids).size === ids.length, "challenge_ids lists a challenge more than once")
  .meta({ uniqueItems: true });

const fields = {
  app_id: z.uuid({ error: "app_id must be an id" }),
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(120, "name is too long"),
  description: z.string().max(2000, "description is too long").nullable(),
  instructions_md: z
    .string()
    .max(MAX_INSTRUCTIONS_CHARS, `instructions_md is too long (${MAX_INSTRUCTIONS_CHARS.toLocaleString("en-US")} characters at most)`)
    .nullable(),
  theme: z.record(z.string(), z.unknown(), { error: "theme must be an object of CSS variables" }).nullable(),
  scoring_strategy: collectionStrategySchema,
  scoring_plugin_id: pluginSlugSchema.nullable(),
  scoring_entrypoint: entrypointSchema.nullable(),
  scoring_config: z
    .record(z.string(), z.unknown(), { error: "scoring_config must be a JSON object" })
    .refine((v) => JSON.stringify(v).length <= 32 * 1024, "scoring_config is larger than 32 KB")
    .nullable(),
  is_public: z.boolean(),
  /** Ladder gating: level n+1 unlocks once the player has won level n. */
  gated: z.boolean({ error: "gated must be true or false" }),
};

export const collectionCreateSchema = z.strictObject({
  app_id: fields.app_id.optional(),
  name: fields.name,
  description: fields.description.optional(),
  instructions_md: fields.instructions_md.optional(),
  theme: fields.theme.optional(),
  scoring_strategy: fields.scoring_strategy.default("sum"),
  scoring_plugin_id: fields.scoring_plugin_id.optional(),
  scoring_entrypoint: fields.scoring_entrypoint.optional(),
  scoring_config: fields.scoring_config.optional(),
  is_public: fields.is_public.default(true),
  gated: fields.gated.default(false),
  /** Initial membership, in order. */
  challenge_ids: challengeIdsSchema.optional(),
});
export type CollectionCreateInput = z.input<typeof collectionCreateSchema>;

export const collectionUpdateSchema = z
  .strictObject({
    name: fields.name.optional(),
    description: fields.description.optional(),
    instructions_md: fields.instructions_md.optional(),
    theme: fields.theme.optional(),
    scoring_strategy: fields.scoring_strategy.optional(),
    scoring_plugin_id: fields.scoring_plugin_id.optional(),
    scoring_entrypoint: fields.scoring_entrypoint.optional(),
    scoring_config: fields.scoring_config.optional(),
    is_public: fields.is_public.optional(),
    gated: fields.gated.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Nothing to update")
  .meta({ minProperties: 1 });
export type CollectionUpdateInput = z.input<typeof collectionUpdateSchema>;

/** PUT …/{id}/challenges: the full membership, in order. */
export const collectionChallengesSchema = z.strictObject({ challenge_ids: challengeIdsSchema });

export const collectionListQuerySchema = z.strictObject({
  app_id: z.uuid({ error: "app_id must be an id" }).optional(),
});

export function checkCollectionState(
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
