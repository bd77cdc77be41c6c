import type { ChallengeStrategy } from "@/lib/scoring/types";

/** The success with the lowest elapsed_ms wins. */
export const fastest: ChallengeStrategy = {
  name: "fastest",
  column: "elapsedMs",
  direction: "asc",
  score: ({ elapsedMs }) => elapsedMs,
  rankValue: ({ elapsedMs }) => elapsedMs,
};
