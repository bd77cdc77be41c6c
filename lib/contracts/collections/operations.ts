import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { auditViewShape, jsonObject } from "@/lib/contracts/primitives";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import {
  collectionChallengesSchema,
  collectionCreateSchema,
  collectionListQuerySchema,
  collectionUpdateSchema,
} from "@/lib/contracts/collections/inputs";
import { idParams } from "@/lib/contracts/params";
import { collectionLeaderboardQuerySchema, listQuerySchema, publicIdParams } from "@/lib/contracts/params";

// Challenge collections: the console API (/console/api/challenge-collections) and the public one
// (/web/api/challenge-collections).

/** What the console form edits of a collection (the view without ids, membership and audit). */
export const collectionSettingsView = z.object({
  name: z.string(),
  description: z.string().nullable(),
  instructions_md: z.string().nullable(),
  theme: z.record(z.string(), z.string()).nullable(),
  scoring_strategy: z.string(),
  scoring_plugin_id: z.string().nullable(),
  scoring_entrypoint: z.string().nullable(),
  scoring_config: jsonObject.nullable(),
  is_public: z.boolean(),
  gated: z.boolean(),
});
export type CollectionSettings = z.infer<typeof collectionSettingsView>;

export const collectionView = z.object({
  id: z.string(),
  app_id: z.string(),
  ...collectionSettingsView.shape,
  challenges: z.array(
    z.object({ id: z.string(), name: z.string(), position: z.number().int(), is_active: z.boolean() }),
  ),
  ...auditViewShape,
});
export type CollectionView = z.infer<typeof collectionView>;
export type CollectionChallengeRef = CollectionView["challenges"][number];
export const collectionResponse = z.object({ collection: collectionView });
export const collectionListResponse = z.object({ data: z.array(collectionView) });

export const collectionOperations = {
  list: operation({
    auth: "workspace",
    query: collectionListQuerySchema,
    doc: {
      summary: "List the workspace's collections (optionally of one app)",
      response: collectionListResponse,
    },
  }),
  create: operation({
    auth: "workspace",
    roles: WRITERS,
    body: collectionCreateSchema,
    maxBodyBytes: 256 * 1024,
    doc: {
      summary: "Create a collection (optionally with its ordered challenges)",
      response: collectionResponse,
      status: 201,
    },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "Get a collection with its ordered challenges", response: collectionResponse },
  }),
  update: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: collectionUpdateSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Update a collection", response: collectionResponse },
  }),
  remove: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Delete a collection (its challenges stay)", status: 204 },
  }),
  setChallenges: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: collectionChallengesSchema,
    doc: {
      summary: "Set the collection's challenges and their order (first id first)",
      response: collectionResponse,
    },
  }),
};

export const publicCollectionOperations = {
  list: operation({ auth: "public", query: listQuerySchema, doc: { summary: "List public collections" } }),
  get: operation({
    auth: "public",
    params: publicIdParams,
    doc: { summary: "Collection details with its challenges" },
  }),
  leaderboard: operation({
    auth: "public",
    params: publicIdParams,
    query: collectionLeaderboardQuerySchema,
    doc: { summary: "Collection leaderboard" },
  }),
};
