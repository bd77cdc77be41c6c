import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { assetResponse } from "@/lib/openapi/responses";
import { WRITERS } from "@/lib/validation/challenges";
import { assetIdParams } from "@/lib/validation/assets";

// Uploaded hero media and theme images: the console upload and the signed download URL.

export const assetSignatureQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});

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
