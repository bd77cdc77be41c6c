import { byAchievement, byNumber } from "@/lib/scoring/compare";
import type { CollectionStrategy } from "@/lib/scoring/types";

/**
 * Sum of per-challenge scores: a solved challenge adds its points less the player's hint costs on
 * it (never below 0; lib/scoring/hint-cost.ts), or its custom score when the challenge uses a
 * scorer plugin. Ties: more solves, then who got there first.
 */
export const sum: CollectionStrategy = {
  name: "sum",
  score: (s) => s.pointsTotal,
  compare: (a, b) =>
    byNumber(a.pointsTotal, b.pointsTotal, "desc") || byNumber(a.solved, b.solved, "desc") || byAchievement(a, b),
  sqlOrder: "points_total DESC, solved DESC, last_at ASC, end_user_id ASC",
};
