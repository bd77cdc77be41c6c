import "server-only";
import type { z } from "zod";
import { JOB_STATUSES, type jobsOverviewResponse, type jobView } from "@/lib/contracts/jobs";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import { retryDeadJob } from "@/lib/jobs";

// The console's view of a workspace's background jobs (rows of the jobs table with its
// tenant_id; the same table on SQLite and PostgreSQL, where the pg-boss wrapper mirrors state).

export type JobView = z.infer<typeof jobView>;
export type JobsOverview = z.infer<typeof jobsOverviewResponse>;

const LIST_LIMIT = 50;
const select = {
  id: true,
  queue: true,
  status: true,
  attempts: true,
  maxAttempts: true,
  runAt: true,
  lastError: true,
  createdAt: true,
  updatedAt: true,
  finishedAt: true,
} as const;

interface Row {
  id: string;
  queue: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

const statusOf = (s: string): JobView["status"] => ((JOB_STATUSES as readonly string[]).includes(s) ? (s as JobView["status"]) : "pending");

function toView(r: Row): JobView {
  return {
    id: r.id,
    queue: r.queue,
    status: statusOf(r.status),
    attempts: r.attempts,
    max_attempts: r.maxAttempts,
    run_at: r.runAt.toISOString(),
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export async function jobsOverview(workspaceId: string): Promise<JobsOverview> {
  const [groups, dead, retrying] = await Promise.all([
    db.job.groupBy({ by: ["queue", "status"], where: { workspaceId }, _count: { _all: true }, orderBy: [{ queue: "asc" }, { status: "asc" }] }),
    db.job.findMany({ where: { workspaceId, status: "dead" }, orderBy: { updatedAt: "desc" }, take: LIST_LIMIT, select }),
    db.job.findMany({
      where: { workspaceId, status: { in: ["pending", "queued", "running"] }, lastError: { not: null } },
      orderBy: { runAt: "asc" },
      take: LIST_LIMIT,
      select,
    }),
  ]);
  return {
    counts: groups.map((g) => ({ queue: g.queue, status: statusOf(g.status), count: g._count._all })),
    dead: dead.map(toView),
    retrying: retrying.map(toView),
  };
}

/** "Retry now" for a dead job of the workspace: pending, attempts 0, due at once. */
export async function retryJob(workspaceId: string, id: string): Promise<JobView> {
  const retried = await retryDeadJob(id, workspaceId);
  const row = await db.job.findFirst({ where: { id, workspaceId }, select });
  if (!row) throw notFound("Job");
  if (!retried && row.status !== "pending") throw conflict("Only a dead job can be retried");
  return toView(row);
}
