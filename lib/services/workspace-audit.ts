import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";

// A workspace's audit log of verdict decisions: a publish past the calibration gate, a confirmed
// or overturned verdict. Each row is written in the transaction of the change it records.

export type WorkspaceAuditAction = "publish_override" | "verdict_confirmed" | "verdict_overturned";

export interface WorkspaceAuditInput {
  workspaceId: string;
  actor: { id: string; email?: string | null } | null;
  action: WorkspaceAuditAction;
  target: { type: "workflow" | "challenge" | "attempt"; id: string };
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** The client or transaction the row is written with. */
type Tx = {
  workspaceAuditEntry: {
    create(args: { data: Prisma.WorkspaceAuditEntryUncheckedCreateInput }): PromiseLike<unknown>;
  };
};

export async function writeWorkspaceAudit(tx: Tx, entry: WorkspaceAuditInput): Promise<void> {
  await tx.workspaceAuditEntry.create({
    data: {
      workspaceId: entry.workspaceId,
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      reason: entry.reason || null,
      ...(entry.details ? { details: entry.details as Prisma.InputJsonValue } : {}),
    },
  });
}

export interface WorkspaceAuditView {
  id: string;
  actor: { id: string | null; email: string | null };
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  details: unknown;
  created_at: string;
}

/** The workspace's entries, newest first; optionally only those about one target. */
export async function listWorkspaceAudit(
  workspaceId: string,
  opts: { limit: number; offset: number; targetId?: string },
): Promise<{ data: WorkspaceAuditView[]; total: number }> {
  const where = { workspaceId, ...(opts.targetId ? { targetId: opts.targetId } : {}) };
  const [rows, total] = await Promise.all([
    db.workspaceAuditEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: opts.offset,
      take: opts.limit,
    }),
    db.workspaceAuditEntry.count({ where }),
  ]);
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      actor: { id: r.actorId, email: r.actorEmail },
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      reason: r.reason,
      details: r.details ?? null,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
