import "server-only";
import { db } from "@/lib/db";
import { netPoints } from "@/lib/scoring/hint-cost";
import type { Solve } from "@/lib/scoring/score-series";

// What the boards mark beside the ranking: first bloods (the first successful attempt of a
// challenge; one index seek per challenge on (challenge_id, succeeded, created_at)) and the
// solves behind a collection's score-over-time chart.

/** The account that solved the challenge first (null: nobody yet, or an anonymous player). */
export async function firstBloodOf(challengeId: string): Promise<string | null> {
  const first = await db.challengeAttempt.findFirst({
    where: { challengeId, succeeded: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { accountId: true },
  });
  return first?.accountId ?? null;
}

async function collectionChallenges(collectionId: string) {
  const items = await db.challengeCollectionItem.findMany({
    where: { collectionId, challenge: { isActive: true } },
    select: { challenge: { select: { id: true, points: true, scoringStrategy: true } } },
  });
  return items.map((i) => i.challenge);
}

/** accountId → how many of the collection's challenges they solved first. */
export async function collectionFirstBloods(collectionId: string): Promise<Record<string, number>> {
  const challenges = await collectionChallenges(collectionId);
  const firsts = await Promise.all(challenges.map((c) => firstBloodOf(c.id)));
  const out: Record<string, number> = {};
  for (const a of firsts) if (a) out[a] = (out[a] ?? 0) + 1;
  return out;
}

/**
 * The solves of these accounts on the collection's challenges: when each first solved each
 * challenge, worth its points net of their hint costs there (a `custom` challenge: its score).
 */
export async function collectionSolves(collectionId: string, accountIds: string[]): Promise<Solve[]> {
  if (accountIds.length === 0) return [];
  const challenges = await collectionChallenges(collectionId);
  if (challenges.length === 0) return [];
  const ids = challenges.map((c) => c.id);
  const [firsts, entries] = await Promise.all([
    db.challengeAttempt.groupBy({
      by: ["accountId", "challengeId"],
      where: { succeeded: true, challengeId: { in: ids }, accountId: { in: accountIds } },
      _min: { createdAt: true },
    }),
    db.challengeLeaderboardEntry.findMany({
      where: { challengeId: { in: ids }, accountId: { in: accountIds } },
      select: { challengeId: true, accountId: true, hintCost: true, score: true },
    }),
  ]);
  const byId = new Map(challenges.map((c) => [c.id, c]));
  const entryOf = new Map(entries.map((e) => [`${e.accountId}:${e.challengeId}`, e]));
  const solves: Solve[] = [];
  for (const f of firsts) {
    const challenge = byId.get(f.challengeId);
    const entry = entryOf.get(`${f.accountId}:${f.challengeId}`);
    if (!challenge || !entry || !f.accountId || !f._min.createdAt) continue;
    const points =
      challenge.scoringStrategy === "custom"
        ? Math.max(0, entry.score ?? 0)
        : netPoints(challenge.points, entry.hintCost);
    solves.push({ player: f.accountId, at: f._min.createdAt.getTime(), points });
  }
  return solves;
}
