import { z } from "zod";

// Route params and list queries the contracts share: a console resource's uuid, a public id,
// and the paging of the public web API (/web/api).
export const idParams = z.object({ id: z.uuid({ error: "Not a valid id" }) });

const limitSchema = z.coerce
  .number({ error: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(100, "limit is at most 100");

export const listQuerySchema = z.strictObject({
  limit: limitSchema.default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const leaderboardQuerySchema = z.strictObject({
  limit: limitSchema.default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  cursor: z.string().max(500).optional(),
});

/** Collection boards page by offset only (their order is computed, there is no cursor). */
export const collectionLeaderboardQuerySchema = leaderboardQuerySchema.omit({ cursor: true });

export const publicIdParams = z.object({ id: z.string().trim().min(1).max(64) });
