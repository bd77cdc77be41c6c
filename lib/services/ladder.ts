// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import type { LadderPlace } from "@/lib/contracts/collections";
import { db } from "@/lib/db";
import { one, query, type Step } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { AppError } from "@/lib/errors";

// The ladder as a journey: where a challenge sits in a collection (level n of N, the next
// level), the creator's lines for a win and a refusal, and gating — in a gated public collection,
// level n+1 unlocks only once the player has won level n. Levels are numbered among the
// collection's active challenges in the creator's order (position, then id), as the collection
// page lists them. A challenge in several gated collections is locked while any of them asks for
// a level the player has not won.

/**
 * The level a player must win first, one per gated public collection; the attempt path reads it.
 * `endUser` is the SQL expression of the player's end user id, `c` the challenge.
 */
const lockedBy = (endUser: string) => `SELECT p.challenge_id FROM challenge_collection_items i
  JOIN challenge_collections k ON k.id = i.collection_id AND k.gated = TRUE AND k.is_public = TRUE
  JOIN challenge_collection_items p ON p.collection_id = i.collection_id AND p.position < i.position
  JOIN challenges pc ON pc.id = p.challenge_id AND pc.is_active = TRUE
  WHERE i.challenge_id = c.id
    AND NOT EXISTS (SELECT 1 FROM challenge_collection_items q JOIN challenges qc ON qc.id = q.challenge_id AND qc.is_active = TRUE
                    WHERE q.collection_id = i.collection_id AND q.position < i.position AND q.position > p.position)
    AND NOT EXISTS (SELECT 1 FROM challenge_attempts a
                    WHERE a.challenge_id = p.challenge_id AND a.end_user_id = ${endUser} AND a.succeeded = TRUE)
  LIMIT 1`;

export interface AttemptLadderState {
  winMessage: string | null;
  refusalMessage: string | null;
  allowSecretClaims: boolean;
  /** The challenge the player has to win before this one (gating), or null when it is open. */
  lockedBy: string | null;
}

export const ladderStateOf: (r: Record<string, unknown>) => AttemptLadderState = rowMapper({
  winMessage: "textOrNull",
  refusalMessage: "textOrNull",
  allowSecretClaims: "bool",
  lockedBy: "textOrNull",
});

/** The columns ladderStateOf reads, for a query over challenges `c` (see lockedBy for `endUser`). */
export const ladderColumns = (endUser: string) =>
  `c.win_message, c.refusal_message, c.allow_secret_claims, (${lockedBy(endUser)}) AS locked_by`;

/** One statement: the creator's lines, whether claims are allowed and the gating lock. */
export function* attemptLadderStep(challengeId: string, endUserId: string): Step<AttemptLadderState | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${ladderColumns("$2")} FROM challenges c WHERE c.id = $1`,
    challengeId,
    endUserId,
  );
  return r ? ladderStateOf(r) : null;
}

export function levelLocked(): AppError {
  return new AppError("level_locked", "This level is locked: win the level before it in the ladder first.");
}

/** Throws 403 level_locked when gating keeps the player off this challenge. */
export function assertLevelOpen(state: AttemptLadderState | null): void {
  if (state?.lockedBy) throw levelLocked();
}

/**
 * Where a challenge sits for the ladder breadcrumb: in the public collection named by
 * `collectionId` when it is one of the challenge's, else in the first (newest first, as the
 * collections list). Null when the challenge is in no public collection.
 */
export async function getLadderPlace(
  challengeId: string,
  opts: { collectionId?: string | null; viewerAccountId?: string | null },
): Promise<LadderPlace | null> {
  const memberships = await db.challengeCollectionItem.findMany({
    where: { challengeId, collection: { isPublic: true } },
    orderBy: [{ collection: { createdAt: "desc" } }, { collectionId: "asc" }],
    select: {
      collection: { select: { id: true, name: true, gated: true, workspaceId: true, scoringStrategy: true } },
    },
    take: 50,
  });
  if (memberships.length === 0) return null;
  const chosen = (memberships.find((m) => m.collection.id === opts.collectionId) ?? memberships[0]!)
    .collection;
  const [items, endUser] = await Promise.all([
    db.challengeCollectionItem.findMany({
      where: { collectionId: chosen.id, challenge: { isActive: true } },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { challenge: { select: { id: true, name: true } } },
    }),
    opts.viewerAccountId
      ? db.endUser.findFirst({
          where: { workspaceId: chosen.workspaceId, accountId: opts.viewerAccountId },
          select: { id: true },
        })
      : Promise.resolve(null),
  ]);
  const index = items.findIndex((i) => i.challenge.id === challengeId);
  if (index < 0) return null;
  // A visitor (or a player who never played here) has won nothing: "" matches no end user.
  const state = await query(() => attemptLadderStep(challengeId, endUser?.id ?? ""));
  return {
    collection: {
      id: chosen.id,
      name: chosen.name,
      gated: chosen.gated,
      scoringStrategy: chosen.scoringStrategy,
    },
    level: index + 1,
    total: items.length,
    previous: index > 0 ? items[index - 1]!.challenge : null,
    next: index + 1 < items.length ? items[index + 1]!.challenge : null,
    locked: state?.lockedBy != null,
  };
}

/**
 * The collection page's locks: in a gated collection, each level after the first whose previous
 * level the viewer has not won (every one of them for a visitor). Empty for an ungated one.
 */
export async function getCollectionLocks(
  collectionId: string,
  orderedChallengeIds: readonly string[],
  viewerAccountId: string | null,
): Promise<Set<string>> {
  const collection = await db.challengeCollection.findFirst({
    where: { id: collectionId },
    select: { gated: true },
  });
  if (!collection?.gated || orderedChallengeIds.length < 2) return new Set();
  const won = viewerAccountId
    ? await db.challengeAttempt.findMany({
        where: { accountId: viewerAccountId, challengeId: { in: [...orderedChallengeIds] }, succeeded: true },
        distinct: ["challengeId"],
        select: { challengeId: true },
      })
    : [];
  const wonIds = new Set(won.map((w) => w.challengeId));
  const locked = new Set<string>();
  orderedChallengeIds.forEach((id, i) => {
    if (i > 0 && !wonIds.has(orderedChallengeIds[i - 1]!)) locked.add(id);
  });
  return locked;
}

/** Whether the challenge page shows the guess box: claims allowed and a secret to claim. */
export async function claimsOpen(challengeId: string): Promise<boolean> {
  const row = await db.challenge.findFirst({
    where: { id: challengeId },
    select: { allowSecretClaims: true, secretRef: true },
  });
  return Boolean(row?.allowSecretClaims && row.secretRef);
}
