// A player's best on a challenge board (a challenge_leaderboard_entries row) as the services read
// it: the attempt path compares a new result with it, the board pages add the player's names.

export interface LeaderboardEntry {
  id: string;
  endUserId: string;
  accountId: string | null;
  bestAttemptId: string;
  score: number | null;
  elapsedMs: number | null;
  tokensTotal: number | null;
  judgeRating: number | null;
  achievedAt: Date;
}

/** An entry as a board page lists it: how many attempts it took and who the player is. */
export interface LeaderboardEntryWithPlayer extends Omit<LeaderboardEntry, "id" | "endUserId"> {
  attemptsCount: number;
  /** Points the player spent on the challenge's hints. */
  hintCost?: number;
  account: { name: string; profile: { displayName: string | null } | null } | null;
}
