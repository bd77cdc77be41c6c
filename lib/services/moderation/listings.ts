import "server-only";
import {
  LISTING_ACTIONS,
  type ListingAction,
  type ListingApproval,
  type ListingKind,
  type ListingState,
} from "@/lib/contracts/moderation";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { writeAudit, type AdminActor } from "@/lib/services/moderation/audit";
import { LISTED_STATES } from "@/lib/services/moderation/listing";

// Administrators' reads and writes of listings: a workspace's approval and one listing's state.
// Every change writes its audit row in the same transaction. Workspaces have no say in either:
// the console's contracts do not carry these fields, so a workspace cannot undo an
// administrator's decision through its own API.

const workspaceSelect = { id: true, name: true, slug: true, listingApproval: true } as const;

function approvalOf(v: string): ListingApproval {
  return v === "approved" ? "approved" : "pending";
}
function stateOf(v: string): ListingState {
  return (["normal", "featured", "hidden", "removed"] as const).find((s) => s === v) ?? "normal";
}

type WorkspaceRow = { id: string; name: string; slug: string; listingApproval: string; createdAt: Date };

/** Workspaces as administrators see them, with their listings and open reports counted (4 queries). */
async function workspaceViews(rows: WorkspaceRow[]) {
  const ids = rows.map((r) => r.id);
  const byWorkspace = (groups: { workspaceId: string; _count: { _all: number } }[]) =>
    new Map(groups.map((g) => [g.workspaceId, g._count._all]));
  const [challenges, collections, redBlue, reports] = await Promise.all([
    db.challenge.groupBy({ by: ["workspaceId"], where: { workspaceId: { in: ids }, isActive: true }, _count: { _all: true } }),
    db.challengeCollection.groupBy({ by: ["workspaceId"], where: { workspaceId: { in: ids }, isPublic: true }, _count: { _all: true } }),
    db.redBlueChallenge.groupBy({ by: ["workspaceId"], where: { workspaceId: { in: ids }, isActive: true }, _count: { _all: true } }),
    db.listingReport.groupBy({ by: ["workspaceId"], where: { workspaceId: { in: ids }, status: "open" }, _count: { _all: true } }),
  ]);
  const [c, k, rb, open] = [byWorkspace(challenges), byWorkspace(collections), byWorkspace(redBlue), byWorkspace(reports)];
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    slug: w.slug,
    listing_approval: approvalOf(w.listingApproval),
    created_at: w.createdAt.toISOString(),
    listings: (c.get(w.id) ?? 0) + (k.get(w.id) ?? 0) + (rb.get(w.id) ?? 0),
    open_reports: open.get(w.id) ?? 0,
  }));
}

async function workspaceView(id: string) {
  const w = await db.workspace.findUnique({ where: { id }, select: { ...workspaceSelect, createdAt: true } });
  if (!w) throw notFound("Workspace");
  return (await workspaceViews([w]))[0]!;
}

/** Workspaces (those waiting for approval first when no filter is given), newest first. */
export async function listWorkspaceListings(opts: { approval?: ListingApproval; limit: number; offset: number }) {
  const where = opts.approval ? { listingApproval: opts.approval } : {};
  const [rows, total] = await Promise.all([
    db.workspace.findMany({
      where,
      // "approved" sorts before "pending": descending puts the ones waiting first.
      orderBy: [{ listingApproval: "desc" }, { createdAt: "desc" }, { id: "asc" }],
      skip: opts.offset,
      take: opts.limit,
      select: { ...workspaceSelect, createdAt: true },
    }),
    db.workspace.count({ where }),
  ]);
  return { total, data: await workspaceViews(rows) };
}

/** Approves a workspace's public listings, or takes the approval back (audited). */
export async function setWorkspaceApproval(
  actor: AdminActor,
  workspaceId: string,
  action: "approve" | "unapprove",
  reason?: string,
) {
  const w = await db.workspace.findUnique({ where: { id: workspaceId }, select: workspaceSelect });
  if (!w) throw notFound("Workspace");
  const to: ListingApproval = action === "approve" ? "approved" : "pending";
  await db.$transaction(async (tx) => {
    await tx.workspace.update({ where: { id: w.id }, data: { listingApproval: to } });
    await writeAudit(tx, actor, `workspace.${action}`, { type: "workspace", id: w.id, name: w.name }, reason, {
      from: approvalOf(w.listingApproval),
      to,
    });
  });
  return { workspace: await workspaceView(w.id) };
}

interface ListingRow {
  id: string;
  name: string;
  listing: string;
  isLive: boolean;
  createdAt: Date;
  workspace: { id: string; name: string; slug: string; listingApproval: string };
}

function listingViewOf(kind: ListingKind, r: ListingRow) {
  const state = stateOf(r.listing);
  return {
    kind,
    id: r.id,
    name: r.name,
    state,
    workspace: { ...r.workspace, listing_approval: approvalOf(r.workspace.listingApproval) },
    listed: r.isLive && LISTED_STATES.includes(state) && r.workspace.listingApproval === "approved",
    created_at: r.createdAt.toISOString(),
  };
}

type Where = { workspaceId?: string; listing?: string; id?: string };

/** One kind's rows (newest first), in one shape. */
async function rowsOf(kind: ListingKind, where: Where, take: number): Promise<ListingRow[]> {
  const select = { id: true, name: true, listing: true, createdAt: true, workspace: { select: workspaceSelect } } as const;
  const orderBy = [{ createdAt: "desc" as const }, { id: "asc" as const }];
  if (kind === "challenge") {
    const rows = await db.challenge.findMany({ where, orderBy, take, select: { ...select, isActive: true } });
    return rows.map((r) => ({ ...r, isLive: r.isActive }));
  }
  if (kind === "collection") {
    const rows = await db.challengeCollection.findMany({ where, orderBy, take, select: { ...select, isPublic: true } });
    return rows.map((r) => ({ ...r, isLive: r.isPublic }));
  }
  const rows = await db.redBlueChallenge.findMany({ where, orderBy, take, select: { ...select, isActive: true } });
  return rows.map((r) => ({ ...r, isLive: r.isActive }));
}

function countOf(kind: ListingKind, where: Where): Promise<number> {
  if (kind === "challenge") return db.challenge.count({ where });
  if (kind === "collection") return db.challengeCollection.count({ where });
  return db.redBlueChallenge.count({ where });
}

/** Challenges, collections and red/blue challenges, newest first across the three. */
export async function listListings(opts: {
  workspace_id?: string;
  state?: ListingState;
  kind?: ListingKind;
  limit: number;
  offset: number;
}) {
  const kinds: ListingKind[] = opts.kind ? [opts.kind] : ["challenge", "collection", "red_blue"];
  const where: Where = {
    ...(opts.workspace_id ? { workspaceId: opts.workspace_id } : {}),
    ...(opts.state ? { listing: opts.state } : {}),
  };
  // Each kind's newest offset+limit rows hold the merged page.
  const take = opts.offset + opts.limit;
  const [rows, counts] = await Promise.all([
    Promise.all(kinds.map(async (k) => (await rowsOf(k, where, take)).map((r) => ({ kind: k, r })))),
    Promise.all(kinds.map((k) => countOf(k, where))),
  ]);
  const merged = rows
    .flat()
    .sort((a, b) => b.r.createdAt.getTime() - a.r.createdAt.getTime() || (a.r.id < b.r.id ? -1 : 1))
    .slice(opts.offset, take);
  return { total: counts.reduce((a, b) => a + b, 0), data: merged.map(({ kind, r }) => listingViewOf(kind, r)) };
}

/** One listing as administrators see it (404 when there is none). */
export async function getListing(kind: ListingKind, id: string) {
  const [row] = await rowsOf(kind, { id }, 1);
  if (!row) throw notFound(kind === "challenge" ? "Challenge" : kind === "collection" ? "Collection" : "Red/blue challenge");
  return listingViewOf(kind, row);
}

async function writeListing(tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], kind: ListingKind, id: string, listing: ListingState) {
  if (kind === "challenge") await tx.challenge.update({ where: { id }, data: { listing } });
  else if (kind === "collection") await tx.challengeCollection.update({ where: { id }, data: { listing } });
  else await tx.redBlueChallenge.update({ where: { id }, data: { listing } });
}

/** Features, hides, removes or restores one listing (audited). */
export async function setListingState(
  actor: AdminActor,
  kind: ListingKind,
  id: string,
  action: ListingAction,
  reason?: string,
) {
  if (!Object.hasOwn(LISTING_ACTIONS, action)) throw new AppError("bad_request", "Unknown action");
  const before = await getListing(kind, id);
  const to = LISTING_ACTIONS[action];
  await db.$transaction(async (tx) => {
    await writeListing(tx, kind, id, to);
    await writeAudit(tx, actor, `listing.${action}`, { type: kind, id, name: before.name }, reason, {
      from: before.state,
      to,
      workspace_id: before.workspace.id,
    });
  });
  return { listing: await getListing(kind, id) };
}
