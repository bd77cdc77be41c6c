import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { transaction } from "@/lib/db/sql";
import { pruneFinishedJobs } from "@/lib/jobs/admin";
import { unique } from "@/tests/helpers/factories";

// Finished jobs do not pile up: old done jobs go after the retention, dead ones after their
// longer one; running, pending and recent jobs stay.

describe("pruneFinishedJobs", () => {
  it("deletes only finished jobs older than their retention", async () => {
    const day = 86_400_000;
    const now = new Date("2030-06-01T12:00:00Z");
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const queue = unique("t.prune");
    const row = (status: string, finishedDaysAgo: number | null) => ({
      queue,
      payload: {},
      status,
      maxAttempts: 3,
      runAt: ago(40),
      finishedAt: finishedDaysAgo === null ? null : ago(finishedDaysAgo),
      singletonKey: unique("k"),
    });
    await db.job.createMany({
      data: [
        row("done", 8), // gone
        row("done", 6), // kept
        row("dead", 10), // kept (dead jobs stay 30 days)
        row("dead", 31), // gone
        row("pending", null),
        row("running", null),
      ],
    });
    const deleted = await transaction(() => pruneFinishedJobs(7, 30, now));
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = await db.job.findMany({ where: { queue }, orderBy: { status: "asc" } });
    expect(left.map((j) => [j.status, j.finishedAt && Math.round((now.getTime() - j.finishedAt.getTime()) / day)])).toEqual([
      ["dead", 10],
      ["done", 6],
      ["pending", null],
      ["running", null],
    ]);
  });
});
