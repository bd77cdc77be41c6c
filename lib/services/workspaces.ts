import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, forbidden, notFound } from "@/lib/errors";

export { ROLES, type Role } from "@/lib/contracts/workspaces";
import type { Role } from "@/lib/contracts/workspaces";

export interface WorkspaceSummary {
  id: string;
  name: string;
  slug: string;
  role: Role;
}

export interface WorkspaceDetails {
  id: string;
  name: string;
  slug: string;
  createdAt: Date;
  /** Whether its public listings are listed yet (an instance administrator approves them). */
  listingApproval: string;
}

/** The caller's workspace; a missing row is Prisma's not-found error, which route() maps to 404. */
export async function getWorkspaceDetails(workspaceId: string): Promise<WorkspaceDetails> {
  return db.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { id: true, name: true, slug: true, createdAt: true, listingApproval: true },
  });
}

function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return base || "workspace";
}

/**
 * Creates a workspace with the caller as owner, plus its default app. Its public listings wait
 * for an instance administrator's approval unless LISTING_APPROVAL=auto (lib/services/moderation).
 */
export async function createWorkspace(
  accountId: string,
  name: string,
): Promise<WorkspaceSummary & { listingApproval: "pending" | "approved" }> {
  const listingApproval = env.LISTING_APPROVAL === "auto" ? "approved" : "pending";
  const base = slugify(name);
  for (let i = 0; i < 5; i++) {
    const slug = i === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 7)}`;
    const taken = await db.workspace.findUnique({ where: { slug }, select: { id: true } });
    if (taken) continue;
    const ws = await db.workspace.create({
      data: {
        name,
        slug,
        listingApproval,
        memberships: { create: { accountId, role: "owner" } },
        apps: { create: { name: "Default app" } },
      },
      select: { id: true, name: true, slug: true },
    });
    return { ...ws, role: "owner", listingApproval };
  }
  throw new AppError("conflict", "Could not find a free address for this workspace; try another name");
}

export async function listWorkspacesFor(accountId: string): Promise<WorkspaceSummary[]> {
  const rows = await db.membership.findMany({
    where: { accountId },
    orderBy: { createdAt: "asc" },
    select: { role: true, workspace: { select: { id: true, name: true, slug: true } } },
  });
  return rows.map((r) => ({ ...r.workspace, role: r.role as Role }));
}

/**
 * The workspace a signed-in account acts in: the one asked for (by id or slug) if they belong
 * to it, else their first. No membership at all is 403; asking for someone else's is 404.
 */
export async function resolveMembership(accountId: string, wanted?: string | null): Promise<WorkspaceSummary> {
  const all = await listWorkspacesFor(accountId);
  if (all.length === 0) throw forbidden("Your account is not a member of any workspace");
  if (!wanted) return all[0]!;
  const hit = all.find((w) => w.id === wanted || w.slug === wanted);
  if (!hit) throw notFound("Workspace");
  return hit;
}

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}
