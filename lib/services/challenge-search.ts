import "server-only";
import { db } from "@/lib/db";
import { DIFFICULTIES, type ChallengeFilters } from "@/lib/contracts/challenges";

// Search and filters of /challenges (all in the URL, so a filtered list can be shared): text in
// the name or description, difficulty, category and, for a signed-in player, solved or not.
// Challenges have no tags; their category is the public collection they belong to (a ladder, a
// themed series), which is what the category filter offers.

export const SEARCH_MAX = 100;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? "";

/** The filters in a page's search params; anything unknown or malformed is ignored. */
export function filtersFromParams(params: Record<string, string | string[] | undefined>): ChallengeFilters {
  const out: ChallengeFilters = {};
  const q = one(params.q).slice(0, SEARCH_MAX).trim();
  if (q) out.q = q;
  const difficulty = one(params.difficulty);
  if ((DIFFICULTIES as readonly string[]).includes(difficulty))
    out.difficulty = difficulty as ChallengeFilters["difficulty"];
  const collection = one(params.collection);
  if (collection && collection.length <= 64) out.collection = collection;
  const status = one(params.status);
  if (status === "solved" || status === "unsolved") out.status = status;
  return out;
}

export const hasFilters = (f: ChallengeFilters) => Boolean(f.q || f.difficulty || f.collection || f.status);

/** The search params that reproduce the filters (for links and pagination). */
export function filtersQuery(f: ChallengeFilters): string {
  const p = new URLSearchParams();
  for (const key of ["q", "difficulty", "collection", "status"] as const) if (f[key]) p.set(key, f[key]);
  return p.toString();
}

/**
 * The ids of the playable challenges that pass the filters, or null when nothing filters.
 * Text is matched case-insensitively here (the same on both databases): the list of playable
 * challenges is already read whole to order it (public-challenges.ts).
 */
export async function matchingChallengeIds(
  f: ChallengeFilters,
  viewerAccountId: string | null,
): Promise<Set<string> | null> {
  if (!hasFilters(f)) return null;
  const rows = await db.challenge.findMany({
    where: {
      isActive: true,
      workflow: { publishedVersionId: { not: null } },
      ...(f.difficulty ? { difficulty: f.difficulty } : {}),
      ...(f.collection
        ? { collections: { some: { collectionId: f.collection, collection: { isPublic: true } } } }
        : {}),
    },
    select: { id: true, name: true, description: true },
  });
  const needle = f.q?.toLocaleLowerCase();
  let ids = rows
    .filter(
      (r) =>
        !needle ||
        r.name.toLocaleLowerCase().includes(needle) ||
        (r.description ?? "").toLocaleLowerCase().includes(needle),
    )
    .map((r) => r.id);
  if (f.status) {
    const solved = viewerAccountId
      ? new Set(
          (
            await db.challengeLeaderboardEntry.findMany({
              where: { accountId: viewerAccountId, challengeId: { in: ids } },
              select: { challengeId: true },
            })
          ).map((e) => e.challengeId),
        )
      : new Set<string>();
    // Signed out, nothing is solved: "solved" matches nothing, "unsolved" everything.
    ids = ids.filter((id) => (f.status === "solved") === solved.has(id));
  }
  return new Set(ids);
}
