import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { assetIdParams } from "@/lib/contracts/assets/inputs";

// Uploaded hero media and theme images: the console upload and the signed download URL.

export const assetSignatureQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});

export const assetView = z.object({
  id: z.string(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  url: z.string().describe("Signed, expiring URL: /assets/{id}?exp=…&sig=…"),
  url_expires_at: isoTimestamp,
  created_at: isoTimestamp,
});
export const assetResponse = z.object({ asset: assetView });

export const assetOperations = {
  upload: operation({
    auth: "workspace",
    roles: WRITERS,
    rawBody: true,
    doc: {
      summary:
        "Upload an image (png, jpeg, webp, gif) or video (mp4, webm) as multipart/form-data field `file`",
      response: assetResponse,
      status: 201,
      bodyMediaType: "multipart/form-data",
    },
  }),
  remove: operation({
    auth: "workspace",
    roles: WRITERS,
    params: assetIdParams,
    doc: {
      summary: "Delete an uploaded file: its signed URLs answer 404 and challenges showing it lose their hero media",
      status: 204,
    },
  }),
  download: operation({
    auth: "public",
    params: assetIdParams,
    query: assetSignatureQuerySchema,
    doc: {
      summary: "Download an uploaded asset through a signed URL",
      responseMediaType: "application/octet-stream",
      statuses: [403],
    },
  }),
};
