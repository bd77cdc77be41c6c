import "server-only";
import type { Tx } from "@/lib/db";
import { lockChallengeRow } from "@/lib/db/guests";
import { isBetter } from "@/lib/scoring/compare";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import type { EntryValues } from "@/lib/services/attempts/store";

/**
 * Rebuilds one player's board entry on a challenge from their attempts (the best ranked success
 * by the strategy, as recordAttempt keeps it; attempts_count = completed attempts). Removes the
 * entry when they have no ranked success. Takes the challenge's row lock first; false when the
 * challenge is gone. Used by the guest merge and by an overturned verdict.
 */
export async function rebuildEntry(
  tx: Tx,
  challengeId: string,
  endUserId: string,
  accountId: string | null,
): Promise<boolean> {
  if (!(await lockChallengeRow(tx, challengeId))) return false;
  const c = await tx.challenge.findUniqueOrThrow({
    where: { id: challengeId },
    select: { scoringStrategy: true, maxAttempts: true },
  });
  const strategy: ChallengeStrategy = getChallengeStrategy(c.scoringStrategy);
  const rows = await tx.challengeAttempt.findMany({
    where: { challengeId, endUserId, status: "completed" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      succeeded: true,
      score: true,
      elapsedMs: true,
      tokensTotal: true,
      judgeRating: true,
      createdAt: true,
    },
  });
  // A limited challenge counts only the first max_attempts of the merged attempts: a player who
  // used theirs up cannot get more by playing as a guest and signing in afterwards.
  const counted = c.maxAttempts === null ? rows : rows.slice(0, c.maxAttempts);
  let best: EntryValues | null = null;
  for (const r of counted) {
    if (!r.succeeded) continue;
    const m = {
      score: r.score,
      elapsedMs: r.elapsedMs,
      tokensTotal: r.tokensTotal,
      judgeRating: r.judgeRating,
    };
    if (strategy.rankValue(m) === null) continue;
    if (best && !isBetter(strategy, m, best)) continue;
    best = {
      accountId,
      bestAttemptId: r.id,
      score: m.score,
      elapsedMs: m.elapsedMs,
      tokensTotal: m.tokensTotal,
      judgeRating: strategy.column === "judgeRating" ? strategy.rankValue(m) : m.judgeRating,
      achievedAt: r.createdAt,
    };
  }
  await tx.challengeLeaderboardEntry.deleteMany({ where: { challengeId, endUserId } });
  if (best) {
    // The rebuilt entry keeps what the player spent on hints.
    const spent = await tx.challengeHintUnlock.aggregate({
      where: { challengeId, endUserId },
      _sum: { cost: true },
    });
    await tx.challengeLeaderboardEntry.create({
      data: {
        challengeId,
        endUserId,
        ...best,
        attemptsCount: rows.length,
        hintCost: spent._sum.cost ?? 0,
      },
      select: { id: true },
    });
  }
  return true;
}
