import "server-only";
import type { ListingKind, ReportReason } from "@/lib/contracts/moderation";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { createLimiter, type Limiter } from "@/lib/rate-limit";
import { writeAudit, type AdminActor } from "@/lib/services/moderation/audit";
import { reachableWhere } from "@/lib/services/moderation/listing";

// Players report a public listing; administrators work through the queue. Reports are limited
// per account (REPORTS_PER_HOUR, in the shared rate-limit store so every instance counts
// together); a report of a listing the reporter already reported and that is still open
// answers that report again without counting.

let limiter: Limiter | undefined;
function reportLimiter(): Limiter {
  return (limiter ??= createLimiter({
    name: "listing-reports",
    points: env.REPORTS_PER_HOUR,
    durationSec: 3600,
    message: "You have sent as many reports as an account may in an hour; try again later",
  }));
}

/** The listing a report names, if players can reach it: its workspace and name. */
async function reportable(kind: ListingKind, id: string): Promise<{ workspaceId: string; name: string } | null> {
  const select = { workspaceId: true, name: true } as const;
  if (kind === "challenge") return db.challenge.findFirst({ where: { id, isActive: true, ...reachableWhere }, select });
  if (kind === "collection") return db.challengeCollection.findFirst({ where: { id, isPublic: true, ...reachableWhere }, select });
  return db.redBlueChallenge.findFirst({ where: { id, isActive: true, ...reachableWhere }, select });
}

export async function createReport(
  accountId: string,
  input: { target_type: ListingKind; target_id: string; reason: ReportReason; details?: string },
): Promise<{ report: { id: string; status: "open" } }> {
  const target = await reportable(input.target_type, input.target_id);
  if (!target) throw notFound(input.target_type === "challenge" ? "Challenge" : input.target_type === "collection" ? "Collection" : "Red/blue challenge");
  const open = await db.listingReport.findFirst({
    where: { reporterId: accountId, targetType: input.target_type, targetId: input.target_id, status: "open" },
    select: { id: true },
  });
  if (open) return { report: { id: open.id, status: "open" } };
  await reportLimiter().consume(accountId);
  const row = await db.listingReport.create({
    data: {
      reporterId: accountId,
      workspaceId: target.workspaceId,
      targetType: input.target_type,
      targetId: input.target_id,
      reason: input.reason,
      details: input.details || null,
    },
    select: { id: true },
  });
  return { report: { id: row.id, status: "open" } };
}

type ReportRow = Awaited<ReturnType<typeof loadReports>>[number];

function loadReports(where: { status?: string; id?: string }, skip: number, take: number) {
  return db.listingReport.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    include: {
      reporter: { select: { id: true, email: true } },
      workspace: { select: { id: true, name: true, slug: true } },
    },
  });
}

/** The listings' names, by kind and id (a deleted listing has none). */
async function targetNames(rows: ReportRow[]): Promise<Map<string, string>> {
  const ids = (kind: string) => [...new Set(rows.filter((r) => r.targetType === kind).map((r) => r.targetId))];
  const select = { id: true, name: true } as const;
  const [c, k, rb] = await Promise.all([
    db.challenge.findMany({ where: { id: { in: ids("challenge") } }, select }),
    db.challengeCollection.findMany({ where: { id: { in: ids("collection") } }, select }),
    db.redBlueChallenge.findMany({ where: { id: { in: ids("red_blue") } }, select }),
  ]);
  return new Map([
    ...c.map((r) => [`challenge:${r.id}`, r.name] as const),
    ...k.map((r) => [`collection:${r.id}`, r.name] as const),
    ...rb.map((r) => [`red_blue:${r.id}`, r.name] as const),
  ]);
}

function reportViewOf(r: ReportRow, names: Map<string, string>) {
  return {
    id: r.id,
    target_type: r.targetType as ListingKind,
    target_id: r.targetId,
    target_name: names.get(`${r.targetType}:${r.targetId}`) ?? null,
    workspace: r.workspace,
    reason: r.reason as ReportReason,
    details: r.details,
    status: r.status as "open" | "resolved" | "dismissed",
    reporter: r.reporter,
    resolution: r.resolution,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listReports(opts: { status?: "open" | "resolved" | "dismissed"; limit: number; offset: number }) {
  const where = opts.status ? { status: opts.status } : {};
  const [rows, total] = await Promise.all([loadReports(where, opts.offset, opts.limit), db.listingReport.count({ where })]);
  const names = await targetNames(rows);
  return { total, data: rows.map((r) => reportViewOf(r, names)) };
}

/** Resolves or dismisses an open report (audited); a report already closed is a 409. */
export async function resolveReport(
  actor: AdminActor,
  id: string,
  status: "resolved" | "dismissed",
  resolution?: string,
) {
  const [before] = await loadReports({ id }, 0, 1);
  if (!before) throw notFound("Report");
  const names = await targetNames([before]);
  await db.$transaction(async (tx) => {
    const res = await tx.listingReport.updateMany({
      where: { id, status: "open" },
      data: { status, resolution: resolution || null, resolvedBy: actor.id, resolvedAt: new Date() },
    });
    if (res.count === 0) throw new AppError("conflict", "This report is already closed");
    await writeAudit(tx, actor, status === "resolved" ? "report.resolve" : "report.dismiss", { type: "report", id, name: names.get(`${before.targetType}:${before.targetId}`) ?? null }, resolution, {
      target_type: before.targetType,
      target_id: before.targetId,
      reason: before.reason,
    });
  });
  const [after] = await loadReports({ id }, 0, 1);
  return { report: reportViewOf(after!, names) };
}
