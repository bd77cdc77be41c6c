import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dialect } from "@/lib/db/sql";
import { enqueue } from "@/lib/jobs";
import { CRASH_QUEUE } from "@/tests/helpers/crash-jobs";
import { waitFor } from "@/tests/helpers/wait";
import { startWorkerProcess as startProcess } from "@/tests/helpers/worker-process";

// Crash test: `npm run worker` (scripts/worker.ts) as a real process claims a job whose
// handler POSTs to a receiver and then hangs; the process is SIGKILLed between the claim and the
// finish. A new worker process takes the job again (SQLite: once the lease runs out; PostgreSQL:
// once pg-boss expires it) and it completes. Delivery is at least once, so the receiver sees the
// POST twice — and, deduplicating by the idempotency key (the job id), exactly one delivery.

const definitions = fileURLToPath(new URL("../../helpers/crash-jobs.ts", import.meta.url));

const startWorkerProcess = () => startProcess({ JOBS_EXTRA_DEFINITIONS: definitions, JOBS_LEASE_SECONDS: "2" });

const requests: { key: string; attempt: number }[] = [];
let receiver: Server;
let url: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      requests.push({ key: String(req.headers["idempotency-key"]), attempt: (JSON.parse(body) as { attempt: number }).attempt });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

describe(`a worker process killed mid-job (${dialect()})`, () => {
  it("the job runs again in a new worker process and is delivered once", { timeout: 90_000 }, async () => {
    const jobId = (await enqueue(CRASH_QUEUE, { url }))!;

    const first = startWorkerProcess();
    await waitFor("the first worker's POST", () => requests.length >= 1, 30_000, first);
    const claimed = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(claimed).toMatchObject({ status: "running", attempts: 1 });
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    expect((await db.job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("running"); // never finished

    const second = startWorkerProcess();
    try {
      await waitFor(
        "the job to finish in the second worker",
        async () => (await db.job.findUniqueOrThrow({ where: { id: jobId } })).status === "done",
        60_000,
        second,
      );
    } finally {
      second.child.kill("SIGTERM");
    }
    expect(await second.exited).toBe(0); // SIGTERM: a graceful stop
    const done = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(done).toMatchObject({ status: "done", attempts: 2 });
    const distinct = new Set(requests.map((r) => r.key));
    console.log(`[${dialect()}] crash test: raw requests ${requests.length}, distinct idempotency keys ${distinct.size}`);
    expect([...distinct]).toEqual([jobId]);
    expect(requests.map((r) => r.attempt)).toEqual([1, 2]);
  });
});
