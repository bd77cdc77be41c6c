// Hints cost points (CTFd-style): wherever a solve is worth the challenge's points — the `first`
// challenge board's score, the collection `sum`, the global board, the score-over-time chart —
// it is worth its points less what the player spent on that challenge's hints, never below 0.
// Strategies that rank by something else (time, tokens, rating, a plugin's score) are unchanged.

export function netPoints(points: number, hintCost: number): number {
  return Math.max(0, points - Math.max(0, hintCost));
}

/**
 * The same as SQL over a challenge's points column and an entry's hint_cost column (portable:
 * no GREATEST on SQLite, no two-argument MAX on PostgreSQL). Column names are fixed literals.
 */
export const netPointsSql = (points: string, hintCost: string) =>
  `(CASE WHEN ${points} > ${hintCost} THEN ${points} - ${hintCost} ELSE 0 END)`;
