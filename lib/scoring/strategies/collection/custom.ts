import { byAchievement, byNullable } from "@/lib/scoring/compare";
import type { CollectionStrategy } from "@/lib/scoring/types";

/**
 * The collection's scorer plugin scores each player's list of per-challenge results (higher is
 * better); a player whose scoring failed comes last.
 */
export const customCollection: CollectionStrategy = {
  name: "custom",
  score: (s) => s.customScore ?? null,
  compare: (a, b) => byNullable(a.customScore ?? null, b.customScore ?? null, "desc") || byAchievement(a, b),
};
