import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { listQuerySchema } from "@/lib/contracts/params";

// The global leaderboard: points summed over the public challenges (net of hint costs).

export const globalLeaderboardQuerySchema = listQuerySchema.extend({
  workspace_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe("Only this workspace's public challenges"),
});

export const globalBoardRow = z.object({
  rank: z.number().int(),
  account_id: z.string(),
  display_name: z.string(),
  points: z.number(),
  solved: z.number().int(),
  last_at: isoTimestamp,
  first_bloods: z.number().int(),
});

export const globalLeaderboardResponse = z.object({
  total: z.number().int(),
  rows: z.array(globalBoardRow),
  viewer: globalBoardRow.nullable(),
});

export const boardOperations = {
  global: operation({
    auth: "public",
    query: globalLeaderboardQuerySchema,
    doc: {
      summary:
        "Global leaderboard: each player's points over the public challenges (points less hint costs, floor 0; custom-scored challenges add their score), paged",
      response: globalLeaderboardResponse,
    },
  }),
};
