import "server-only";
import { AppError } from "@/lib/errors";

// What every leaderboard page looks like, and the paging options both boards accept.

export const MAX_LEADERBOARD_LIMIT = 100;
export const DEFAULT_LEADERBOARD_LIMIT = 20;

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

export interface LeaderboardOptions {
  limit?: number;
  offset?: number;
  /** From a previous page's next_cursor; takes precedence over offset. */
  cursor?: string | null;
  viewerAccountId?: string | null;
  /** Console views: also serve inactive challenges / private collections. */
  includeHidden?: boolean;
  /**
   * Public views: only a playable challenge (its workflow has a published version), the same rule
   * as the public challenge detail, so the board does not reveal unpublished challenges.
   */
  playableOnly?: boolean;
}

export function pageSize(limit: number | undefined): number {
  const n = limit ?? DEFAULT_LEADERBOARD_LIMIT;
  if (!Number.isInteger(n) || n < 1 || n > MAX_LEADERBOARD_LIMIT) {
    throw new AppError("validation_failed", `limit must be an integer from 1 to ${MAX_LEADERBOARD_LIMIT}`);
  }
  return n;
}

export function startOffset(offset: number | undefined): number {
  const n = offset ?? 0;
  if (!Number.isInteger(n) || n < 0) throw new AppError("validation_failed", "offset must be a non-negative integer");
  return n;
}

export const displayName = (account: { name: string; profile: { displayName: string | null } | null } | null) =>
  account?.profile?.displayName?.trim() || account?.name || "Anonymous player";
