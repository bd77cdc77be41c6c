import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as overviewGet } from "@/app/console/api/jobs/route";
import { POST as retryPost } from "@/app/console/api/jobs/[id]/retry/route";
import { jobsOverviewResponse } from "@/lib/contracts/jobs";
import { db } from "@/lib/db";
import { dialect } from "@/lib/db/sql";
import { defineJob, enqueue, PermanentJobError, startWorker, type RunningWorker } from "@/lib/jobs";
import { consoleActors, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { unique } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";
import { waitFor } from "@/tests/helpers/wait";

// The console's Jobs section: counts per queue and status, dead and retrying jobs of the
// caller's workspace only, and "retry now" — which on PostgreSQL hands the job to pg-boss again.

let actors: ConsoleActors;
let worker: RunningWorker;
const queue = unique("t.console");
const flaky = unique("t.console-flaky");
let failNext = true;

const until = (what: string, fn: () => Promise<boolean>) => waitFor(what, fn);
const statusOf = async (id: string) => (await db.job.findUniqueOrThrow({ where: { id } })).status;

beforeAll(async () => {
  actors = await consoleActors();
  worker = await startWorker(
    [
      defineJob({
        queue,
        payload: z.object({ n: z.number() }),
        run: (p) => {
          if (failNext && p.n === 1) {
            failNext = false;
            return Promise.reject(new PermanentJobError("endpoint https://user:pw@example.test/hook said 410"));
          }
          return Promise.resolve();
        },
      }),
      defineJob({ queue: flaky, payload: z.object({}), maxAttempts: 5, backoff: { baseMs: 60_000, maxMs: 60_000 }, run: () => Promise.reject(new Error("try later")) }),
    ],
    { pollMs: 100, concurrency: 2 },
  );
});

afterAll(async () => {
  await worker.stop({ graceMs: 0 });
});

describe("console jobs", () => {
  it("shows counts, dead and retrying jobs of the workspace; retry now runs a dead job again", { timeout: 40_000 }, async () => {
    const dead = (await enqueue(queue, { n: 1 }, { workspaceId: actors.wsA.id }))!;
    const ok = (await enqueue(queue, { n: 2 }, { workspaceId: actors.wsA.id }))!;
    const retrying = (await enqueue(flaky, {}, { workspaceId: actors.wsA.id }))!;
    const elsewhere = (await enqueue(queue, { n: 3 }, { workspaceId: actors.wsB.id }))!;
    await until("the jobs to settle", async () =>
      (await statusOf(dead)) === "dead" && (await statusOf(ok)) === "done" && (await statusOf(elsewhere)) === "done" &&
      (await db.job.findUniqueOrThrow({ where: { id: retrying } })).lastError !== null,
    );

    const res = await call(overviewGet, { path: "/console/api/jobs", cookie: actors.ownerA.cookie });
    expect(res.status).toBe(200);
    const body = jobsOverviewResponse.parse(res.json);
    expect(body.counts).toEqual(
      expect.arrayContaining([
        { queue, status: "dead", count: 1 },
        { queue, status: "done", count: 1 },
      ]),
    );
    expect(body.counts.filter((c) => c.queue === queue).reduce((n, c) => n + c.count, 0)).toBe(2); // not B's
    expect(body.dead.map((j) => j.id)).toEqual([dead]);
    expect(body.dead[0]!.last_error).toContain("said 410");
    expect(body.dead[0]!.last_error).not.toContain("user:pw");
    expect(body.retrying.map((j) => j.id)).toEqual([retrying]);
    expect(body.retrying[0]).toMatchObject({ queue: flaky, attempts: 1, max_attempts: 5, last_error: "try later" });
    expect(Date.parse(body.retrying[0]!.run_at)).toBeGreaterThan(Date.now() - 1_000);

    // Owners and admins only; another workspace's job is not found; only dead jobs are retried.
    expect((await call(overviewGet, { path: "/console/api/jobs", cookie: actors.editorA.cookie })).status).toBe(403);
    const retry = (id: string, cookie = actors.ownerA.cookie) =>
      call(retryPost, { method: "POST", path: `/console/api/jobs/${id}/retry`, params: { id }, cookie, headers: ORIGIN });
    expect((await retry(dead, actors.editorA.cookie)).status).toBe(403);
    expect((await retry(elsewhere)).status).toBe(404);
    expect((await retry(ok)).status).toBe(409);

    const retried = await retry(dead);
    expect(retried.status).toBe(200);
    expect(retried.json.job).toMatchObject({ id: dead, attempts: 0, last_error: null });
    await until("the retried job to finish", async () => (await statusOf(dead)) === "done");
    expect(await db.job.findUniqueOrThrow({ where: { id: dead } })).toMatchObject({ status: "done", attempts: 1 });
    if (dialect() === "postgresql") {
      // Two pg-boss jobs for the row: the first (completed as dead) and the retry's, with a fresh id.
      const { pgPool } = await import("@/lib/db");
      const { rows } = await pgPool()!.query(`SELECT id FROM pgboss.job WHERE name = $1 AND data->>'jobId' = $2`, [queue, dead]);
      expect(new Set(rows.map((r: { id: string }) => r.id)).size).toBe(2);
    }
  });
});
