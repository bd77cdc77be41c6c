import { z } from "zod";
import { isoTimestamp } from "@/lib/contracts/primitives";

// What the board pages show: a challenge or collection board's page of rows, the global board
// (the same shape the web API answers) and the solves-over-time series of the charts.

export const globalBoardRow = z.object({
  rank: z.number().int(),
  account_id: z.string(),
  display_name: z.string(),
  points: z.number(),
  solved: z.number().int(),
  /** When the player last improved a best. */
  last_at: isoTimestamp,
  /** Challenges this player solved first (first blood). */
  first_bloods: z.number().int(),
});

export const globalLeaderboardResponse = z.object({
  total: z.number().int(),
  rows: z.array(globalBoardRow),
  viewer: globalBoardRow.nullable(),
});

export type GlobalBoardRow = z.infer<typeof globalBoardRow>;
export type GlobalBoardPage = z.infer<typeof globalLeaderboardResponse>;

export interface LeaderboardRow {
  rank: number;
  account_id: string | null;
  display_name: string;
  score: number | null;
  elapsed_ms: number | null;
  tokens_total: number | null;
  judge_rating: number | null;
  /** ISO time the best was achieved (collections: when the player reached this standing). */
  achieved_at: string;
  /** Challenge: completed attempts; collection: challenges solved. */
  attempts: number;
  /** Challenge boards, when above 0: points the player spent on hints (already taken off a `first` score). */
  hint_cost?: number;
}

export interface LeaderboardPage<Extra = object> {
  scoring_strategy: string;
  total: number;
  rows: (LeaderboardRow & Extra)[];
  /** The viewer's own row wherever it ranks (null when not on the board or anonymous). */
  viewer: (LeaderboardRow & Extra) | null;
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export interface DailySolves {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Distinct players with a successful attempt that day. */
  players: number;
}
