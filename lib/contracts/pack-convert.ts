import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { MAX_PACK_BYTES, PACK_MEDIA_TYPE, packValidationResponse } from "@/lib/contracts/packs";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { idParams } from "@/lib/contracts/params";

// Gauntlet ↔ packs: a challenge or a collection exported as a prompt_eval pack (YAML),
// optionally with its winning attacks as a regression input set; a pack imported as draft
// challenges. An export carries canary values in place of the challenges' secrets (they are
// write-only) but the whole defense, so it takes a role that may change the challenge (WRITERS),
// as importing does.

const versionNumber = z.coerce
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .default(1)
  .describe("version.number of the exported pack (raise it to publish a changed export again)");

export const challengePackQuery = z.strictObject({
  attacks: z
    .enum(["true", "false"])
    .default("false")
    .describe("true: add the `regressions` input set, one case per distinct winning attack (newest 200)"),
  version: versionNumber,
});

export const collectionPackQuery = z.strictObject({ version: versionNumber });

export const importedChallenge = z.object({
  id: z.string(),
  slug: z.string().describe("The pack challenge's key the challenge was made from"),
  title: z.string(),
});

export const packImportResponse = z.object({ challenges: z.array(importedChallenge) });
export type PackImportResult = z.infer<typeof packImportResponse>;

export const packConvertOperations = {
  exportChallenge: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    query: challengePackQuery,
    doc: {
      summary:
        "A challenge as a prompt_eval pack (YAML; its secret replaced by a canary value), optionally with its winning attacks",
      responseMediaType: PACK_MEDIA_TYPE,
    },
  }),
  exportCollection: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    query: collectionPackQuery,
    doc: {
      summary: "A collection's challenges as one prompt_eval pack (YAML; secrets replaced by canary values)",
      responseMediaType: PACK_MEDIA_TYPE,
    },
  }),
  importChallenges: operation({
    auth: "workspace",
    roles: WRITERS,
    rawBody: true,
    maxBodyBytes: MAX_PACK_BYTES,
    doc: {
      summary: "Import a pack (raw YAML) as draft challenges, one per pack challenge",
      bodyMediaType: PACK_MEDIA_TYPE,
      response: packImportResponse,
      status: 201,
      statuses: [429],
      unprocessable: packValidationResponse,
    },
  }),
};
