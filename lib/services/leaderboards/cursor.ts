// Direct SQL: board reads at 1M attempts (README "Benchmarks" (b), and (b-pg) for the one-statement read).
import "server-only";
import { AppError } from "@/lib/errors";
import type { Param } from "@/lib/db/sql";
import type { EntryKey } from "@/lib/services/leaderboards/order";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { RANK_COLUMN_SQL } from "@/lib/services/attempts/store";

// Challenge boards page by keyset: the cursor carries the last row's ranked key and rank, and
// the next page starts strictly behind that key.

export interface CursorState {
  key: EntryKey;
  rank: number;
}

export function encodeCursor(c: CursorState): string {
  const json = JSON.stringify([c.key.value, c.key.achievedAt.getTime(), c.key.bestAttemptId, c.rank]);
  return Buffer.from(json).toString("base64url");
}

export function decodeCursor(cursor: string): CursorState {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 4) {
      const [value, at, id, rank] = parsed as unknown[];
      if (
        (value === null || typeof value === "number") &&
        typeof at === "number" &&
        Number.isFinite(at) &&
        typeof id === "string" &&
        typeof rank === "number" &&
        Number.isInteger(rank) &&
        rank >= 0
      ) {
        return { key: { value, achievedAt: new Date(at), bestAttemptId: id }, rank };
      }
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("validation_failed", "Invalid leaderboard cursor");
}

/** Entries strictly behind `key` in the strategy's order (keyset paging), params from $3 on. */
export function behindSql(strategy: ChallengeStrategy, key: EntryKey, params: Param[]): string {
  params.push(key.achievedAt, key.bestAttemptId);
  const t = `$${params.length - 1}`;
  const id = `$${params.length}`;
  const tie = `(e.achieved_at > ${t} OR (e.achieved_at = ${t} AND e.best_attempt_id > ${id}))`;
  if (strategy.column === "achievedAt" || key.value === null) return tie;
  params.push(key.value);
  const v = `$${params.length}`;
  const c = `e.${RANK_COLUMN_SQL[strategy.column]}`;
  return `(${c} ${strategy.direction === "asc" ? ">" : "<"} ${v} OR (${c} = ${v} AND ${tie}))`;
}
