import "server-only";

// Leaderboards are read from the materialized best-per-player rows (ChallengeLeaderboardEntry),
// never from attempts: challenge boards in ./challenge-board.ts (keyset cursor in ./cursor.ts),
// collection boards in ./collection-board.ts.

export { getChallengeLeaderboard } from "@/lib/services/leaderboards/challenge-board";
export {
  getCollectionLeaderboard,
  type CollectionLeaderboardOptions,
  type CollectionRowExtra,
} from "@/lib/services/leaderboards/collection-board";
export {
  DEFAULT_LEADERBOARD_LIMIT,
  MAX_LEADERBOARD_LIMIT,
  type LeaderboardOptions,
} from "@/lib/services/leaderboards/page";
