import PgBoss from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db";
import { dialect, exec, transaction } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { defineJob, enqueue, enqueueJob, enqueueJobIn, PermanentJobError, startWorker, type JobDefinition, type RunningWorker } from "@/lib/jobs";
import { unique } from "@/tests/helpers/factories";
import { waitFor } from "@/tests/helpers/wait";

// The job engine on the database the project runs (SQLite here, PostgreSQL + pg-boss in the
// postgres project): outbox semantics, dedupe, retries into dead, timeouts, crashed workers.

const pg = () => dialect() === "postgresql";
const payload = z.object({ n: z.number() });
let worker: RunningWorker | null = null;

afterEach(async () => {
  await worker?.stop({ graceMs: 0 });
  worker = null;
});

async function start(defs: JobDefinition<any>[], pollMs = 100): Promise<void> {
  worker = await startWorker(defs, { concurrency: 2, pollMs, leaseMs: 1_000, workerId: unique("w") });
}

const jobRow = (id: string) => db.job.findUniqueOrThrow({ where: { id } });
const whenStatus = (id: string, status: string, timeoutMs?: number) =>
  waitFor(`job ${id} ${status}`, async () => {
    const row = await jobRow(id);
    return row.status === status ? row : null;
  }, timeoutMs);

/** A worker claims the job and dies without finishing it (SQLite: its lease runs out; PostgreSQL: a pg-boss consumer fetched it). */
async function claimAndDie(def: JobDefinition<any>, id: string): Promise<void> {
  const queue = def.queue;
  if (pg()) {
    const { relayOnce } = await import("@/lib/jobs/pg-relay");
    const { deadLetterOf, relayOptions } = await import("@/lib/jobs/pg-worker");
    const boss = new PgBoss({ connectionString: env.DATABASE_URL, schedule: false, supervise: false });
    boss.on("error", () => undefined);
    await boss.start();
    await boss.createQueue(deadLetterOf(queue));
    await boss.createQueue(queue, { name: queue, deadLetter: deadLetterOf(queue) });
    const defs = new Map<string, JobDefinition<unknown>>([[queue, def]]);
    expect(await relayOnce({ defs, boss, options: relayOptions, relayed: () => undefined })).toBe(1);
    expect(await boss.fetch(queue)).toHaveLength(1);
    await db.job.update({ where: { id }, data: { status: "running", attempts: 1, lockedBy: "crashed-worker" } });
    await boss.stop({ graceful: false, close: true });
  } else {
    // What a claim writes, by a worker that then died: its lease runs out.
    await db.job.update({
      where: { id },
      data: { status: "running", attempts: 1, lockedBy: "crashed-worker", leaseUntil: new Date(Date.now() + 500) },
    });
  }
}

describe("the job engine", () => {
  it("a job enqueued in a transaction that rolls back never exists and never runs", async () => {
    const queue = unique("t.rollback");
    const runs: number[] = [];
    const failed = await transaction(function* () {
      yield* enqueueJob(queue, { n: 1 });
      yield* exec("SELECT 1");
      throw new Error("the cause failed");
    }).catch((e: unknown) => e as Error);
    expect(failed).toBeInstanceOf(Error);
    const committed = await enqueue(queue, { n: 2 });
    await start([defineJob({ queue, payload, run: (p) => Promise.resolve(void runs.push(p.n)) })]);
    await whenStatus(committed!, "done");
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toEqual([2]);
    expect(await db.job.count({ where: { queue } })).toBe(1);
  });

  it("in a Prisma transaction: a rollback leaves no job, a singleton key makes one, and the job runs", async () => {
    const queue = unique("t.prisma");
    const key = unique("key");
    const runs: number[] = [];
    const failed = await db
      .$transaction(async (tx) => {
        await enqueueJobIn(tx, queue, { n: 1 });
        throw new Error("the cause failed");
      })
      .catch((e: unknown) => e as Error);
    expect(failed).toBeInstanceOf(Error);
    expect(await db.job.count({ where: { queue } })).toBe(0);
    const [first, again] = await db.$transaction(async (tx) => [
      await enqueueJobIn(tx, queue, { n: 2 }, { singletonKey: key, workspaceId: undefined }),
      await enqueueJobIn(tx, queue, { n: 3 }, { singletonKey: key }),
    ]);
    expect(first).toBeTruthy();
    expect(again).toBeNull();
    expect(await enqueue(queue, { n: 4 }, { singletonKey: key })).toBeNull();
    await start([defineJob({ queue, payload, run: (p) => Promise.resolve(void runs.push(p.n)) })]);
    await whenStatus(first!, "done");
    expect(runs).toEqual([2]);
  });

  it("in Prisma transactions running at once, one singleton key still makes one job", async () => {
    const queue = unique("t.prisma-race");
    const key = unique("key");
    const ids = await Promise.all(
      [1, 2, 3, 4].map((n) => db.$transaction((tx) => enqueueJobIn(tx, queue, { n }, { singletonKey: key }))),
    );
    expect(ids.filter(Boolean)).toHaveLength(1);
    expect(await db.job.count({ where: { queue } })).toBe(1);
  });

  it("a second enqueue with the same singletonKey makes no job", async () => {
    const queue = unique("t.single");
    const key = unique("key");
    const runs: number[] = [];
    const first = await enqueue(queue, { n: 1 }, { singletonKey: key });
    const second = await enqueue(queue, { n: 2 }, { singletonKey: key });
    const both = await transaction(function* () {
      return [yield* enqueueJob(queue, { n: 3 }, { singletonKey: key }), yield* enqueueJob(queue, { n: 4 }, { singletonKey: `${key}-b` })];
    });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(both[0]).toBeNull();
    await start([defineJob({ queue, payload, run: (p) => Promise.resolve(void runs.push(p.n)) })]);
    await whenStatus(first!, "done");
    await whenStatus(both[1]!, "done");
    expect(runs.sort()).toEqual([1, 4]);
  });

  it("a job enqueued while the worker idles starts at once, not at the next poll", async () => {
    const queue = unique("t.latency");
    const started: number[] = [];
    // Polls only every 60 s: without the wake-up every job would wait for a poll and run past
    // whenStatus's 20 s deadline, so each job done within it shows the enqueue woke the worker.
    await start([defineJob({ queue, payload, run: (p) => Promise.resolve(void started.push(p.n)) })], 60_000);
    await whenStatus((await enqueue(queue, { n: -1 }))!, "done"); // warm: connections, LISTEN, statements
    // Woken by the enqueue (SQLite: in-process hook; PostgreSQL: NOTIFY → relay → pg-boss notifyWorker).
    for (let i = 0; i < 5; i++) await whenStatus((await enqueue(queue, { n: i }))!, "done");
    expect(started).toEqual([-1, 0, 1, 2, 3, 4]);
  });

  it("a failing job retries with growing delays, then is dead and onDead runs once", { timeout: 40_000 }, async () => {
    const queue = unique("t.fail");
    const maxAttempts = pg() ? 3 : 4;
    // pg-boss counts its delays in whole seconds.
    const backoff = pg() ? { baseMs: 1_000, maxMs: 60_000 } : { baseMs: 250, maxMs: 60_000 };
    // Each try: when its handler started, and the run_at the engine had scheduled it for.
    const tries: { at: number; runAt: number; attempt: number; final: boolean }[] = [];
    const dead: string[] = [];
    const id = await enqueue(queue, { n: 1 });
    await start([
      defineJob({
        queue,
        payload,
        maxAttempts,
        backoff,
        run: async (_p, ctx) => {
          const at = Date.now();
          const { runAt } = await db.job.findUniqueOrThrow({ where: { id: id! } });
          tries.push({ at, runAt: runAt.getTime(), attempt: ctx.attempt, final: ctx.final });
          throw new Error(`boom ${ctx.attempt} password=hunter2`);
        },
        onDead: (_p, error) => Promise.resolve(void dead.push(error)),
      }),
    ]);
    const row = await whenStatus(id!, "dead", 35_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(tries.map((t) => t.attempt)).toEqual(Array.from({ length: maxAttempts }, (_, i) => i + 1));
    expect(tries.map((t) => t.final)).toEqual(tries.map((_, i) => i === maxAttempts - 1));
    expect(dead).toHaveLength(1);
    expect(dead[0]).toContain(`boom ${maxAttempts}`);
    expect(row).toMatchObject({ attempts: maxAttempts, maxAttempts });
    expect(row.lastError).toContain(`boom ${maxAttempts}`);
    expect(row.lastError).not.toContain("hunter2"); // masked
    // Compared with the run_at each failure scheduled, not with a clock budget: a failure at or
    // after the try's start schedules the next one its delay later, and no try starts before it.
    for (let i = 1; i < tries.length; i++) {
      const { at, runAt } = tries[i]!;
      if (pg()) {
        // pg-boss: at least d·2^(n-1) seconds before retry n.
        expect(runAt - tries[i - 1]!.at).toBeGreaterThanOrEqual(1000 * 2 ** (i - 1));
      } else {
        // Full jitter: the engine's own poll starts a retry only once its run_at has come.
        expect(runAt).toBeGreaterThanOrEqual(tries[i - 1]!.at);
        expect(at).toBeGreaterThanOrEqual(runAt);
      }
    }
  });

  it("a PermanentJobError makes the job dead at once", async () => {
    const queue = unique("t.perm");
    let runs = 0;
    const dead: string[] = [];
    const id = await enqueue(queue, { n: 1 });
    const bad = await enqueue(queue, { n: "not a number" });
    await start([
      defineJob({
        queue,
        payload,
        maxAttempts: 5,
        run: () => {
          runs++;
          return Promise.reject(new PermanentJobError("the target is gone"));
        },
        onDead: (_p, error) => Promise.resolve(void dead.push(error)),
      }),
    ]);
    const row = await whenStatus(id!, "dead");
    const badRow = await whenStatus(bad!, "dead");
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
    expect(row).toMatchObject({ attempts: 1 });
    expect(row.lastError).toContain("the target is gone");
    expect(badRow.lastError).toMatch(/invalid payload/);
    expect(dead).toEqual([expect.stringContaining("the target is gone")]); // no onDead for a payload it cannot read
  });

  it("a try that runs past its timeout is aborted and counts as failed", async () => {
    const queue = unique("t.timeout");
    const seen: { aborted: boolean; reason: string }[] = [];
    const id = await enqueue(queue, { n: 1 });
    await start([
      defineJob({
        queue,
        payload,
        maxAttempts: 1,
        timeoutMs: 300,
        run: (_p, ctx) =>
          new Promise<void>((_resolve, reject) => {
            ctx.signal.addEventListener("abort", () => {
              seen.push({ aborted: ctx.signal.aborted, reason: String(ctx.signal.reason) });
              reject(ctx.signal.reason as Error);
            });
          }),
      }),
    ]);
    const row = await whenStatus(id!, "dead");
    expect(seen).toEqual([{ aborted: true, reason: expect.stringContaining("timed out after 300 ms") }]);
    expect(row.lastError).toMatch(/timed out after 300 ms/);
  });

  it("a job whose worker died while running it (claimed, never finished) is run again by another worker", { timeout: 40_000 }, async () => {
    const queue = unique("t.crash");
    const runs: number[] = [];
    const def = defineJob({ queue, payload, timeoutMs: 1_000, backoff: { baseMs: 1_000, maxMs: 1_000 }, run: (_p, ctx) => Promise.resolve(void runs.push(ctx.attempt)) });
    const id = (await enqueue(queue, { n: 1 }))!;
    await claimAndDie(def, id);
    await start([def]);
    const row = await whenStatus(id, "done", 30_000);
    expect(runs).toEqual([2]);
    expect(row).toMatchObject({ attempts: 2 });
    expect(row.lockedBy).not.toBe("crashed-worker");
  });

  it("a job whose worker died on its last try is dead, and onDead runs once", { timeout: 40_000 }, async () => {
    const queue = unique("t.crash-last");
    const runs: number[] = [];
    const dead: string[] = [];
    const def = defineJob({
      queue,
      payload,
      maxAttempts: 1,
      timeoutMs: 1_000,
      run: (_p, ctx) => Promise.resolve(void runs.push(ctx.attempt)),
      onDead: (_p, error) => Promise.resolve(void dead.push(error)),
    });
    const id = (await enqueue(queue, { n: 1 }))!;
    await claimAndDie(def, id);
    await start([def]);
    const row = await whenStatus(id, "dead", 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toEqual([]);
    expect(dead).toEqual([expect.stringMatching(/lease expired|expired by pg-boss/)]);
    expect(row.lastError).toMatch(/stopped before finishing/);
  });
});
