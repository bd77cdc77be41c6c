import "server-only";
import { db } from "@/lib/db";
import { AppError, conflict, forbidden, fromDatabaseError, notFound } from "@/lib/errors";
import { memberAddSchema, memberRoleSchema, type MemberAddInput, type MemberRoleInput } from "@/lib/contracts/members";
import type { Role } from "@/lib/services/workspaces";

// Workspace members and their roles. Owners and admins manage members (callers check that);
// the owner's membership itself is protected: its role cannot change and it cannot be removed,
// so a workspace can never lose its owner. Inputs are parsed here so server actions and any
// route handler get the same checks.

export interface MemberView {
  id: string;
  accountId: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
}

const select = {
  id: true,
  accountId: true,
  role: true,
  createdAt: true,
  account: { select: { email: true, name: true } },
} as const;

type Row = { id: string; accountId: string; role: string; createdAt: Date; account: { email: string; name: string } };

const ROLE_ORDER: Record<Role, number> = { owner: 0, admin: 1, editor: 2 };

function toView(row: Row): MemberView {
  const role: Role = row.role === "owner" || row.role === "admin" ? row.role : "editor";
  return { id: row.id, accountId: row.accountId, email: row.account.email, name: row.account.name, role, createdAt: row.createdAt };
}

/** Owner first, then admins, then editors; by join date within a role. */
export async function listMembers(workspaceId: string): Promise<MemberView[]> {
  const rows = await db.membership.findMany({ where: { workspaceId }, orderBy: { createdAt: "asc" }, select });
  return rows.map(toView).sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}

/** Adds an existing account by email. Unknown emails are a 404: people register first. */
export async function addMember(workspaceId: string, input: MemberAddInput): Promise<MemberView> {
  const data = memberAddSchema.parse(input);
  const account = await db.account.findUnique({ where: { email: data.email }, select: { id: true, status: true } });
  if (!account || account.status !== "active") {
    throw new AppError("not_found", "No active account uses this email; ask them to register first");
  }
  try {
    const row = await db.membership.create({
      data: { workspaceId, accountId: account.id, role: data.role },
      select,
    });
    return toView(row);
  } catch (err) {
    const mapped = fromDatabaseError(err);
    if (mapped?.code === "conflict") throw conflict("This account is already a member of the workspace");
    throw mapped ?? err;
  }
}

async function memberOrThrow(workspaceId: string, membershipId: string): Promise<MemberView> {
  const row = await db.membership.findFirst({ where: { id: membershipId, workspaceId }, select });
  if (!row) throw notFound("Member");
  return toView(row);
}

export async function changeMemberRole(
  workspaceId: string,
  membershipId: string,
  input: MemberRoleInput,
): Promise<MemberView> {
  const data = memberRoleSchema.parse(input);
  const current = await memberOrThrow(workspaceId, membershipId);
  if (current.role === "owner") throw forbidden("The owner's role cannot be changed");
  // The role filter keeps the guarantee even if the row changed since it was read.
  const res = await db.membership.updateMany({
    where: { id: membershipId, workspaceId, role: { not: "owner" } },
    data: { role: data.role },
  });
  if (res.count === 0) throw notFound("Member");
  return memberOrThrow(workspaceId, membershipId);
}

export async function removeMember(workspaceId: string, membershipId: string): Promise<MemberView> {
  const current = await memberOrThrow(workspaceId, membershipId);
  if (current.role === "owner") throw forbidden("The owner cannot be removed from the workspace");
  const res = await db.membership.deleteMany({ where: { id: membershipId, workspaceId, role: { not: "owner" } } });
  if (res.count === 0) throw notFound("Member");
  return current;
}
