import { z } from "zod";
import { optionalFields, patchSchema } from "@/lib/contracts/primitives";
import { collectionStrategySchema } from "@/lib/contracts/scoring";
import { checkScoringAndTheme, MAX_INSTRUCTIONS_CHARS } from "@/lib/contracts/challenges/inputs";
import { entrypointSchema, pluginSlugSchema } from "@/lib/contracts/plugins/inputs";

// Console collection input: ordered membership and a collection scoring
// strategy. Client-safe.

export const MAX_COLLECTION_CHALLENGES = 200;

export const challengeIdsSchema = z
  .array(z.uuid({ error: "Each challenge id must be an id" }), { error: "challenge_ids must be a list of ids" })
  .max(MAX_COLLECTION_CHALLENGES, `A collection holds at most ${MAX_COLLECTION_CHALLENGES} challenges`)
  .refine((ids) => new Set(ids).size === ids.length, "challenge_ids lists a challenge more than once")
  .meta({ uniqueItems: true });

const appIdSchema = z.uuid({ error: "app_id must be an id" });

const fields = {
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
  app_id: appIdSchema.optional(),
  ...optionalFields(fields),
  name: fields.name,
  scoring_strategy: fields.scoring_strategy.default("sum"),
  is_public: fields.is_public.default(true),
  gated: fields.gated.default(false),
  /** Initial membership, in order. */
  challenge_ids: challengeIdsSchema.optional(),
});
export type CollectionCreateInput = z.input<typeof collectionCreateSchema>;

/** PATCH: any subset of the settings (the app stays). */
export const collectionUpdateSchema = patchSchema(fields);
export type CollectionUpdateInput = z.input<typeof collectionUpdateSchema>;

/** PUT …/{id}/challenges: the full membership, in order. */
export const collectionChallengesSchema = z.strictObject({ challenge_ids: challengeIdsSchema });

export const collectionListQuerySchema = z.strictObject({ app_id: appIdSchema.optional() });

/** A collection's cross-field rules: custom scoring names its plugin; the theme is valid. */
export const checkCollectionState = checkScoringAndTheme;
