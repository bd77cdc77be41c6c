import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { writeAudit, type AdminActor } from "@/lib/services/moderation/audit";

// Instance administrators: the accounts INSTANCE_ADMINS names (by e-mail) and the accounts an
// administrator flagged (accounts.instance_admin). Read from the database on every check, so a
// grant or revocation holds on every app instance at the next request. No account becomes an
// administrator by itself: not the first to register (on a public instance that would be whoever
// is quickest) and not the demo's (its password is published).

const envAdmin = (email: string) => env.INSTANCE_ADMINS.includes(email.toLowerCase());

/** Whether the account is an instance administrator (an active account named by env or flagged). */
export async function isInstanceAdmin(accountId: string): Promise<boolean> {
  const a = await db.account.findUnique({
    where: { id: accountId },
    select: { email: true, instanceAdmin: true, status: true },
  });
  return Boolean(a && a.status === "active" && (a.instanceAdmin || envAdmin(a.email)));
}

/** The administrator acting, or 403 for anyone else. */
export async function requireInstanceAdmin(account: { id: string }): Promise<AdminActor> {
  const a = await db.account.findUnique({
    where: { id: account.id },
    select: { id: true, email: true, instanceAdmin: true, status: true },
  });
  if (!a || a.status !== "active" || !(a.instanceAdmin || envAdmin(a.email))) {
    throw forbidden("Only the instance's administrators may do this");
  }
  return { id: a.id, email: a.email };
}

export interface AdminRow {
  id: string;
  email: string;
  name: string;
  source: "env" | "database";
}

/** Every administrator with an account: those INSTANCE_ADMINS names, then the flagged ones. */
export async function listAdmins(): Promise<AdminRow[]> {
  const rows = await db.account.findMany({
    where: { OR: [{ instanceAdmin: true }, ...(env.INSTANCE_ADMINS.length ? [{ email: { in: env.INSTANCE_ADMINS } }] : [])] },
    orderBy: [{ email: "asc" }],
    select: { id: true, email: true, name: true },
    take: 500,
  });
  return rows
    .map((r) => ({ ...r, source: envAdmin(r.email) ? ("env" as const) : ("database" as const) }))
    .sort((a, b) => (a.source === b.source ? 0 : a.source === "env" ? -1 : 1));
}

/** Flags an account as an administrator or takes the flag back (audited). */
export async function setInstanceAdmin(
  actor: AdminActor,
  input: { email: string; admin: boolean; reason?: string },
): Promise<AdminRow & { admin: boolean }> {
  const email = input.email.trim().toLowerCase();
  const target = await db.account.findFirst({ where: { email }, select: { id: true, email: true, name: true, instanceAdmin: true } });
  if (!target) throw notFound("Account");
  if (!input.admin && envAdmin(target.email)) {
    throw new AppError("conflict", "INSTANCE_ADMINS names this account: remove it there to take its administrator rights");
  }
  await db.$transaction(async (tx) => {
    await tx.account.update({ where: { id: target.id }, data: { instanceAdmin: input.admin } });
    await writeAudit(tx, actor, input.admin ? "admin.grant" : "admin.revoke", { type: "account", id: target.id, name: target.email }, input.reason, {
      from: target.instanceAdmin,
      to: input.admin,
    });
  });
  return {
    id: target.id,
    email: target.email,
    name: target.name,
    source: envAdmin(target.email) ? "env" : "database",
    admin: input.admin || envAdmin(target.email),
  };
}
