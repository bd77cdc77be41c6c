import { z } from "zod";
import { operation } from "@/lib/contracts/operation";

// Challenge packs (docs/packs.md): validate and publish a YAML bundle (the raw YAML is
// the request body, at most 1 MiB), list packs, read a pack's versions and one version's manifest.

export const MAX_PACK_BYTES = 1024 * 1024;
export const PACK_MEDIA_TYPE = "application/yaml";

export const packErrorSchema = z.object({ field: z.string(), message: z.string() });

export const packValidationResponse = z.object({
  valid: z.boolean(),
  errors: z.array(packErrorSchema).nullable(),
});

export const packPublishResponse = z.object({
  challenge_pack_id: z.string(),
  challenge_pack_version_id: z.string(),
  evaluation_spec_id: z.string(),
  input_set_ids: z.array(z.string()),
  version_number: z.number().int(),
  content_hash: z.string(),
  /** false: the same content was already published under this number (nothing changed). */
  created: z.boolean(),
});
export type PublishResult = z.infer<typeof packPublishResponse>;

export const packVersionSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  execution_mode: z.string(),
  content_hash: z.string(),
  evaluation_spec_id: z.string(),
  input_sets: z.array(
    z.object({ id: z.string(), key: z.string(), name: z.string(), case_count: z.number().int() }),
  ),
  created_at: z.string(),
});

export const packView = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  family: z.string(),
  description: z.string().nullable(),
  latest_version: z.number().int().nullable(),
  version_count: z.number().int(),
  updated_at: z.string(),
});

export const packDetail = packView.extend({ versions: z.array(packVersionSummary) });

export const packVersionDetail = packVersionSummary.extend({
  pack_id: z.string(),
  manifest: z.record(z.string(), z.unknown()),
  source_yaml: z.string(),
});

const idParams = z.object({ id: z.string().min(1).max(100) });
const versionParams = idParams.extend({ number: z.coerce.number().int().min(1).max(2_147_483_647) });

export const packOperations = {
  validate: operation({
    auth: "workspace",
    rawBody: true,
    maxBodyBytes: MAX_PACK_BYTES,
    doc: {
      summary: "Validate a challenge-pack bundle (raw YAML): every error with its field path",
      bodyMediaType: PACK_MEDIA_TYPE,
      statuses: [429],
      response: packValidationResponse,
      unprocessable: packValidationResponse,
    },
  }),
  publish: operation({
    auth: "workspace",
    rawBody: true,
    maxBodyBytes: MAX_PACK_BYTES,
    doc: {
      summary: "Publish a challenge-pack bundle (raw YAML) as an immutable version",
      bodyMediaType: PACK_MEDIA_TYPE,
      response: packPublishResponse,
      status: 201,
      statuses: [200, 429],
      unprocessable: packValidationResponse,
    },
  }),
  list: operation({
    auth: "workspace",
    doc: { summary: "The workspace's challenge packs", response: z.object({ data: z.array(packView) }) },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "A challenge pack with its versions", response: z.object({ pack: packDetail }) },
  }),
  version: operation({
    auth: "workspace",
    params: versionParams,
    doc: {
      summary: "One version of a pack: its stored manifest and source",
      response: z.object({ version: packVersionDetail }),
    },
  }),
};
