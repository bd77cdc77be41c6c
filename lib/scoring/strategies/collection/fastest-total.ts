import { byAchievement, byNumber } from "@/lib/scoring/compare";
import type { CollectionStrategy } from "@/lib/scoring/types";

/**
 * Total elapsed_ms over the solved challenges, lower is better. Solving more comes first, so
 * skipping a slow challenge never pays.
 */
export const fastestTotal: CollectionStrategy = {
  name: "fastest_total",
  score: (s) => s.elapsedMsTotal,
  compare: (a, b) =>
    byNumber(a.solved, b.solved, "desc") ||
    byNumber(a.elapsedMsTotal, b.elapsedMsTotal, "asc") ||
    byAchievement(a, b),
  sqlOrder: "solved DESC, elapsed_total ASC, last_at ASC, end_user_id ASC",
};
