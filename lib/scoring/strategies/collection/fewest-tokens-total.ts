import { byAchievement, byNumber } from "@/lib/scoring/compare";
import type { CollectionStrategy } from "@/lib/scoring/types";

/** Total player tokens over the solved challenges, lower is better; more solves come first. */
export const fewestTokensTotal: CollectionStrategy = {
  name: "fewest_tokens_total",
  score: (s) => s.tokensTotal,
  compare: (a, b) =>
    byNumber(a.solved, b.solved, "desc") || byNumber(a.tokensTotal, b.tokensTotal, "asc") || byAchievement(a, b),
  sqlOrder: "solved DESC, tokens_total ASC, last_at ASC, end_user_id ASC",
};
