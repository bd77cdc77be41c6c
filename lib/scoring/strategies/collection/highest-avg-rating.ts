import { byAchievement, byNullable, byNumber } from "@/lib/scoring/compare";
import type { CollectionStrategy } from "@/lib/scoring/types";

/**
 * Average judge rating over the solved challenges that have one (the
 * completed challenges), higher is better; players with no rating at all come last. Ties: more solves.
 */
export const highestAvgRating: CollectionStrategy = {
  name: "highest_avg_rating",
  score: (s) => s.ratingAvg,
  compare: (a, b) =>
    byNullable(a.ratingAvg, b.ratingAvg, "desc") || byNumber(a.solved, b.solved, "desc") || byAchievement(a, b),
  // Ratings are 0..10, so -1 puts "no rating" last on both databases.
  sqlOrder: "COALESCE(rating_avg, -1) DESC, solved DESC, last_at ASC, end_user_id ASC",
};
