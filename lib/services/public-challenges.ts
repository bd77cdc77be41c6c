import "server-only";
import type { FeaturedLadder } from "@/lib/contracts/collections";
import type { PublicChallenge } from "@/lib/contracts/challenges";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { notFound } from "@/lib/errors";
import { refreshThemeAssetUrls } from "@/lib/services/assets";
import { featuredFirst, listedWhere, reachableWhere } from "@/lib/services/moderation/listing";

// What players and anonymous visitors may see of challenges and collections. Secrets, patterns,
// workflows and plugin settings never leave through here: every field is listed explicitly.
// Lists show only listed rows (moderation/listing.ts: an approved workspace, not hidden or
// removed; featured first); a single challenge or collection is reachable unless removed.

const challengeSelect = {
  id: true,
  name: true,
  description: true,
  goal: true,
  difficulty: true,
  points: true,
  scoringStrategy: true,
  maxAttempts: true,
  cooldownSeconds: true,
  createdAt: true,
} as const;

type ChallengeRow = Prisma.ChallengeGetPayload<{ select: typeof challengeSelect }>;

function toPublic(c: ChallengeRow, solves: number, solved?: boolean): PublicChallenge {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    goal: c.goal,
    difficulty: c.difficulty,
    points: c.points,
    scoring_strategy: c.scoringStrategy,
    max_attempts: c.maxAttempts,
    cooldown_seconds: c.cooldownSeconds,
    solves,
    created_at: c.createdAt.toISOString(),
    ...(solved === undefined ? {} : { solved }),
  };
}

async function solvesAndSolved(ids: string[], viewerAccountId?: string | null) {
  if (ids.length === 0) return { solves: new Map<string, number>(), solved: new Set<string>() };
  const [counts, mine] = await Promise.all([
    db.challengeLeaderboardEntry.groupBy({ by: ["challengeId"], where: { challengeId: { in: ids } }, _count: { _all: true } }),
    viewerAccountId
      ? db.challengeLeaderboardEntry.findMany({
          where: { challengeId: { in: ids }, accountId: viewerAccountId },
          select: { challengeId: true },
        })
      : Promise.resolve([]),
  ]);
  return {
    solves: new Map(counts.map((c) => [c.challengeId, c._count._all])),
    solved: new Set(mine.map((m) => m.challengeId)),
  };
}

// A challenge players can see: active, with a published workflow to play against.
const playable = { isActive: true, workflow: { publishedVersionId: { not: null } } };

type OrderKey = { id: string; createdAt: Date; listing?: string; collections: { position: number; collection: { id: string; createdAt: Date } }[] };

/**
 * The order creators set: challenges in public collections first, collection by collection in the
 * order /challenge-collections lists them (newest first), each collection's challenges by their
 * position in it (a challenge in several collections goes with the first); then challenges in no
 * public collection, newest first. Challenges an administrator featured come before all of these.
 */
export function comparePublicChallengeOrder(a: OrderKey, b: OrderKey): number {
  const featured = featuredFirst({ listing: a.listing ?? "normal" }, { listing: b.listing ?? "normal" });
  if (featured !== 0) return featured;
  const placeOf = (c: OrderKey) =>
    c.collections.reduce<OrderKey["collections"][number] | null>((best, item) => {
      if (!best) return item;
      const byCollection = compareNewestFirst(item.collection, best.collection);
      return byCollection < 0 || (byCollection === 0 && item.position < best.position) ? item : best;
    }, null);
  const pa = placeOf(a);
  const pb = placeOf(b);
  if (pa && !pb) return -1;
  if (!pa && pb) return 1;
  if (pa && pb) {
    const byCollection = compareNewestFirst(pa.collection, pb.collection);
    if (byCollection !== 0) return byCollection;
    if (pa.position !== pb.position) return pa.position - pb.position;
  }
  return compareNewestFirst(a, b);
}

function compareNewestFirst(a: { id: string; createdAt: Date }, b: { id: string; createdAt: Date }): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export async function listPublicChallenges(opts: {
  limit: number;
  offset: number;
  viewerAccountId?: string | null;
  /** Only these (search and filters, lib/services/challenge-search.ts). */
  onlyIds?: ReadonlySet<string> | null;
}) {
  const where = { ...playable, ...listedWhere };
  // Order by collection membership: too relational for one ORDER BY across both databases, so
  // the (small) keys of every playable challenge are sorted here and only the page is loaded.
  const keys = await db.challenge.findMany({
    where,
    select: {
      id: true,
      createdAt: true,
      listing: true,
      collections: {
        where: { collection: { isPublic: true, ...listedWhere } },
        select: { position: true, collection: { select: { id: true, createdAt: true } } },
      },
    },
  });
  const only = opts.onlyIds;
  const kept = only ? keys.filter((k) => only.has(k.id)) : keys;
  const total = kept.length;
  const pageIds = kept.sort(comparePublicChallengeOrder).slice(opts.offset, opts.offset + opts.limit).map((k) => k.id);
  const found = await db.challenge.findMany({ where: { id: { in: pageIds } }, select: challengeSelect });
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  const { solves, solved } = await solvesAndSolved(rows.map((r) => r.id), opts.viewerAccountId);
  return {
    total,
    data: rows.map((r) => toPublic(r, solves.get(r.id) ?? 0, opts.viewerAccountId ? solved.has(r.id) : undefined)),
  };
}

export async function getPublicChallenge(id: string, viewerAccountId?: string | null) {
  const row = await db.challenge.findFirst({
    where: { id, ...playable, ...reachableWhere },
    select: { ...challengeSelect, instructionsMd: true, theme: true },
  });
  if (!row) throw notFound("Challenge");
  const { solves, solved } = await solvesAndSolved([row.id], viewerAccountId);
  return {
    ...toPublic(row, solves.get(row.id) ?? 0, viewerAccountId ? solved.has(row.id) : undefined),
    instructions_md: row.instructionsMd,
    // Stored theme image URLs are signed and expire; sign them afresh for every read.
    theme: refreshThemeAssetUrls(row.theme as Record<string, unknown> | null),
  };
}

const collectionSelect = {
  id: true,
  name: true,
  description: true,
  scoringStrategy: true,
  createdAt: true,
} as const;

/** The challenges a collection shows: live and not removed by an administrator. */
const shownItem = { challenge: { isActive: true, ...reachableWhere } };

export async function listPublicCollections(opts: { limit: number; offset: number }) {
  const where = { isPublic: true, ...listedWhere };
  const [rows, total] = await Promise.all([
    db.challengeCollection.findMany({
      where,
      // Only normal and featured rows are listed, and "featured" sorts before "normal": featured first.
      orderBy: [{ listing: "asc" }, { createdAt: "desc" }, { id: "asc" }],
      skip: opts.offset,
      take: opts.limit,
      select: { ...collectionSelect, _count: { select: { items: { where: shownItem } } } },
    }),
    db.challengeCollection.count({ where }),
  ]);
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      scoring_strategy: r.scoringStrategy,
      challenge_count: r._count.items,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

export async function getPublicCollection(id: string, viewerAccountId?: string | null) {
  const row = await db.challengeCollection.findFirst({
    where: { id, isPublic: true, ...reachableWhere },
    select: {
      ...collectionSelect,
      instructionsMd: true,
      theme: true,
      items: {
        where: shownItem,
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { position: true, challenge: { select: challengeSelect } },
      },
    },
  });
  if (!row) throw notFound("Collection");
  const ids = row.items.map((i) => i.challenge.id);
  const { solves, solved } = await solvesAndSolved(ids, viewerAccountId);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scoring_strategy: row.scoringStrategy,
    instructions_md: row.instructionsMd,
    theme: refreshThemeAssetUrls(row.theme as Record<string, unknown> | null),
    created_at: row.createdAt.toISOString(),
    challenges: row.items.map((i) => ({
      position: i.position,
      ...toPublic(i.challenge, solves.get(i.challenge.id) ?? 0, viewerAccountId ? solved.has(i.challenge.id) : undefined),
    })),
  };
}

/** How many of the newest public collections the home page picks its featured ladders from. */
const FEATURED_POOL = 20;

/**
 * The ladders the home page puts first: public collections with active levels, the longest
 * ladders first (a series of levels is the journey; a one-challenge collection is hardly one),
 * then the newest, among the newest public collections. Levels in the collection page's order.
 */
export async function listFeaturedLadders(opts: {
  limit: number;
  viewerAccountId: string | null;
}): Promise<FeaturedLadder[]> {
  const rows = await db.challengeCollection.findMany({
    where: { isPublic: true, items: { some: { challenge: { isActive: true } } } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: FEATURED_POOL,
    select: {
      id: true,
      name: true,
      description: true,
      gated: true,
      items: {
        where: { challenge: { isActive: true } },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { challenge: { select: { id: true, name: true } } },
      },
    },
  });
  const chosen = rows
    .map((r, newest) => ({ r, newest }))
    .sort((a, b) => b.r.items.length - a.r.items.length || a.newest - b.newest)
    .slice(0, opts.limit)
    .map(({ r }) => r);
  const ids = chosen.flatMap((r) => r.items.map((i) => i.challenge.id));
  const { solved } = await solvesAndSolved(ids, opts.viewerAccountId);
  return chosen.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    gated: r.gated,
    levels: r.items.map((i) => ({
      id: i.challenge.id,
      name: i.challenge.name,
      solved: solved.has(i.challenge.id),
    })),
  }));
}
