import type { ChallengeStrategy, RankColumn } from "@/lib/scoring/types";

/** The ranked key of one entry, as stored. */
export interface EntryKey {
  value: number | null;
  achievedAt: Date;
  bestAttemptId: string;
}

export function entryKey(
  strategy: ChallengeStrategy,
  e: { achievedAt: Date; bestAttemptId: string } & Partial<Record<RankColumn, unknown>>,
): EntryKey {
  const raw = strategy.column === "achievedAt" ? null : e[strategy.column];
  return { value: typeof raw === "number" ? raw : null, achievedAt: e.achievedAt, bestAttemptId: e.bestAttemptId };
}
