import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { globalLeaderboardResponse } from "@/lib/contracts/boards/views";
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
