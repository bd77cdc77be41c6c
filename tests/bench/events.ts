// Events delivered per second, end to end: BENCH_EVENTS notification events (default 1,000)
// are written to the outbox as the attempt transaction writes them (each with its dispatch
// job), then the job worker is started and the clock runs until a local webhook receiver has
// seen every event once (event row → dispatch → in-app notification → fan-out → signed POST).
// Run by run.ts in a child process per database:
//   npx tsx --conditions=react-server tests/bench/events.ts   (BENCH_DATABASE_URL for PostgreSQL)
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { prepareBench } from "./bench-env";

const received = new Set<string>();
let requests = 0;
const receiver = createServer((req, res) => {
  requests++;
  const id = req.headers["webhook-id"];
  req.resume();
  req.on("end", () => {
    if (typeof id === "string") received.add(id);
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const port = (receiver.address() as AddressInfo).port;

await prepareBench("events", { LOG_LEVEL: "silent", OUTBOUND_ALLOW: `127.0.0.1:${port}`, JOBS_WORKER: "off" });
const n = Number(process.env.BENCH_EVENTS ?? 1000);
const { db, disconnectDb } = await import("../../lib/db");
const { transaction } = await import("../../lib/db/sql");
const { insertOutboxEvent } = await import("../../lib/services/attempts/store/outbox");
const { createWebhookEndpoint } = await import("../../lib/services/webhooks/endpoints");
const { startJobWorker, stopJobWorker } = await import("../../lib/services/jobs/worker");

const ws = await db.workspace.create({ data: { name: "Events bench", slug: `events-bench-${Date.now()}` } });
const player = await db.account.create({ data: { email: `events-${Date.now()}@bench.test`, name: "Bench player" } });
await createWebhookEndpoint(ws.id, { url: `http://127.0.0.1:${port}/hook`, events: ["challenge_first_blood"] });

// Queued first: 1,000 events waiting when the worker starts (in transactions of 100).
for (let i = 0; i < n; i += 100) {
  await transaction(function* () {
    for (let k = i; k < Math.min(n, i + 100); k++) {
      const at = new Date();
      yield* insertOutboxEvent(
        ws.id,
        "challenge_first_blood",
        {
          event: "challenge_first_blood",
          challenge_id: `bench-${k}`,
          scoring_strategy: "first",
          account_id: player.id,
          attempt_id: `attempt-${k}`,
          score: 100,
          occurred_at: at.getTime(),
        },
        at,
      );
    }
  });
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
await startJobWorker();
while (received.size < n) {
  if (performance.now() - t0 > 600_000) throw new Error(`only ${received.size} of ${n} events arrived in 10 minutes`);
  await new Promise((r) => setTimeout(r, 20));
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const notifications = await db.notification.count({ where: { accountId: player.id } });
console.log(
  `events: ${n} delivered in ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(0)} events/s; ` +
    `${requests} requests, ${received.size} distinct webhook-ids, ${notifications} in-app notifications; ` +
    `worker process CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms per event`,
);
await stopJobWorker({ graceMs: 1000 });
receiver.close();
await disconnectDb();
process.exit(0);
