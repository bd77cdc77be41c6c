import { z } from "zod";

// Uploaded hero media and theme images. Client-safe: the upload form checks type and size before
// sending; the server checks again and sniffs the bytes (the declared type is not trusted).

export const ASSET_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "video/mp4", "video/webm"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const isAssetType = (t: string): t is AssetType => (ASSET_TYPES as readonly string[]).includes(t);

export const assetFilenameSchema = z
  .string()
  .trim()
  .min(1, "The file needs a name")
  .max(200, "The file name is too long");

/** GET /assets/{id}?exp=&sig= */
export const assetUrlQuerySchema = z.object({
  exp: z.string().regex(/^\d{1,12}$/, "exp must be a Unix time in seconds"),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, "sig is malformed"),
});

export const assetIdParams = z.object({ id: z.uuid({ error: "Not a valid id" }) });
