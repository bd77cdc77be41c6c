import "server-only";
import { AppError } from "@/lib/errors";

// The paging options both boards accept (the page they answer: lib/contracts/boards/views.ts).

export const MAX_LEADERBOARD_LIMIT = 100;
export const DEFAULT_LEADERBOARD_LIMIT = 20;

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
