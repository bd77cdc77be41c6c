import type { ChallengeStrategy } from "@/lib/scoring/types";

/**
 * The success with the highest judge_rating wins; ties go to the earliest. A success without a
 * rating (a rules evaluator) ranks as 0, so the board degrades to "first" instead of dropping
 * the player — and the ranked column never holds NULL, whose sort position differs between
 * SQLite and PostgreSQL.
 */
export const highestRating: ChallengeStrategy = {
  name: "highest_rating",
  column: "judgeRating",
  direction: "desc",
  score: ({ judgeRating }) => judgeRating ?? 0,
  rankValue: ({ judgeRating }) => judgeRating ?? 0,
};
