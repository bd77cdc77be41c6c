import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";

// The administrators' audit log: every moderation action writes one row, in the transaction of
// the change itself (a change without its row, or a row without its change, cannot happen).

/** Who acts: an instance administrator's account. */
export interface AdminActor {
  id: string;
  email: string;
}

export interface AuditTarget {
  type: "workspace" | "challenge" | "collection" | "red_blue" | "report" | "account";
  id: string;
  name?: string | null;
}

/** The client or transaction the audit row is written with. */
type Tx = { adminAuditEntry: { create(args: { data: Prisma.AdminAuditEntryUncheckedCreateInput }): PromiseLike<unknown> } };

export async function writeAudit(
  tx: Tx,
  actor: AdminActor,
  action: string,
  target: AuditTarget,
  reason?: string | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await tx.adminAuditEntry.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      targetType: target.type,
      targetId: target.id,
      targetName: target.name ?? null,
      reason: reason || null,
      ...(details ? { details: details as Prisma.InputJsonValue } : {}),
    },
  });
}

export async function listAudit(opts: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db.adminAuditEntry.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: opts.offset,
      take: opts.limit,
    }),
    db.adminAuditEntry.count(),
  ]);
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      actor: { id: r.actorId, email: r.actorEmail },
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      target_name: r.targetName,
      reason: r.reason,
      details: r.details ?? null,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
