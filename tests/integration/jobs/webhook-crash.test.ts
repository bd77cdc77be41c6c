import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dialect, transaction } from "@/lib/db/sql";
import { insertOutboxEvent } from "@/lib/services/attempts/store/outbox";
import { UNFINISHED_TRY } from "@/lib/services/webhooks/deliver";
import { waitFor } from "@/tests/helpers/wait";
import { createEndpoint, webhookWorld } from "@/tests/helpers/webhooks";
import { startWorkerProcess as startProcess, type WorkerProcess } from "@/tests/helpers/worker-process";

// Crash test on the real webhook path: an event written with its notification.dispatch
// job in one transaction (as the attempt transaction does), then `npm run worker`
// (scripts/worker.ts) as a real process runs dispatch → fan-out → deliver. The receiver holds the
// first delivery request open and the process is SIGKILLed while it waits; a second worker
// process takes the deliver job again (SQLite: once the lease runs out; PostgreSQL: once pg-boss
// expires it) and the receiver answers 200. The receiver sees the request more than once (at
// least once) but one webhook-id: deduplicating by it, exactly one delivery.

// process.env carries the test database and OUTBOUND_ALLOW for the receiver (webhookWorld).
const startWorkerProcess = () => startProcess({ JOBS_LEASE_SECONDS: "2" });

const world = webhookWorld();

describe(`webhook delivery when the worker process is killed mid-request (${dialect()})`, () => {
  it("a new worker delivers it; the receiver sees one webhook-id, signed; the tries are logged", { timeout: 90_000 }, async () => {
    const { wsA, ownerA, player } = world.actors;
    const hook = await createEndpoint(
      { url: `${world.receiver.origin}/crash`, events: ["challenge_first_blood"] },
      ownerA,
    );
    world.receiver.secret = hook.secret;
    // The first request is held open (never answered while the first worker lives); later ones get 200.
    world.receiver.script = [{ status: 200, body: "too late", delayMs: 600_000 }];

    const payload = {
      event: "challenge_first_blood",
      challenge_id: "c-crash",
      scoring_strategy: "first",
      account_id: player.id,
      attempt_id: "at-crash",
      score: 100,
      occurred_at: Date.now(),
    };
    await transaction(() => insertOutboxEvent(wsA.id, payload.event, payload, new Date(payload.occurred_at)));
    const event = await db.notificationEvent.findFirstOrThrow({ where: { workspaceId: wsA.id, event: payload.event } });

    const first = startWorkerProcess();
    let second: WorkerProcess | null = null;
    try {
      await waitFor("the first delivery request", () => world.receiver.requests.length >= 1, 45_000, first);
      const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id, endpointId: hook.webhook.id } });
      expect(delivery.status).toBe("pending");
      const deliverJob = (await db.job.findMany({ where: { queue: "webhook.deliver" } })).find(
        (j) => (j.payload as { deliveryId: string }).deliveryId === delivery.id,
      )!;
      expect(deliverJob.status).toBe("running"); // claimed, not finished
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("pending");

      const killedAt = Date.now();
      second = startWorkerProcess();
      const worker = second;
      await waitFor(
        "the delivery to succeed in the second worker",
        async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status === "succeeded",
        75_000,
        worker,
      );
      const tookMs = Date.now() - killedAt;
      await waitFor(
        "the deliver job to be done",
        async () => (await db.job.findUniqueOrThrow({ where: { id: deliverJob.id } })).status === "done",
        10_000,
        worker,
      );

      const requests = world.receiver.requests;
      const ids = requests.map((r) => String(r.headers["webhook-id"]));
      const distinct = new Set(ids);
      console.log(
        `[${dialect()}] webhook crash test: raw requests ${requests.length}, distinct webhook-id ${distinct.size}, ` +
          `delivered ${tookMs} ms after the kill`,
      );
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect([...distinct]).toEqual([delivery.messageId]);
      // Every request verifies with the endpoint's secret (standardwebhooks), and carries the event's payload.
      for (const r of requests) {
        const verified = new Webhook(hook.secret).verify(r.body, {
          "webhook-id": String(r.headers["webhook-id"]),
          "webhook-timestamp": String(r.headers["webhook-timestamp"]),
          "webhook-signature": String(r.headers["webhook-signature"]),
        });
        expect(verified).toEqual(payload);
      }

      const done = await db.webhookDelivery.findUniqueOrThrow({
        where: { id: delivery.id },
        include: { tries: { orderBy: { number: "asc" } } },
      });
      console.log(
        `[${dialect()}] tries log: ${done.tries.map((t) => `#${t.number} ${t.responseStatus ?? "-"} ${t.error ?? "ok"}`).join("; ")}`,
      );
      expect(done.status).toBe("succeeded");
      // One logged try per request the receiver saw: the killed one stays unfinished, the last one is the 200.
      expect(done.tries.map((t) => t.number)).toEqual(requests.map((_, i) => i + 1));
      expect(done.tries[0]).toMatchObject({ responseStatus: null, error: UNFINISHED_TRY });
      expect(done.tries.at(-1)).toMatchObject({ responseStatus: 200, error: null, responseExcerpt: "ok" });
      expect(done.tries.map((t) => (t.requestHeaders as Record<string, string>)["webhook-id"])).toEqual(ids);
      expect(done.attempt).toBe(done.tries.length);
      // One in-app notification for the player, one delivery for the endpoint: the dispatch and
      // fan-out ran once in effect.
      expect(await db.notification.count({ where: { eventId: event.id } })).toBe(1);
      expect(await db.webhookDelivery.count({ where: { eventId: event.id } })).toBe(1);
      expect((await db.notificationEvent.findUniqueOrThrow({ where: { id: event.id } })).status).toBe("done");
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill("SIGKILL");
      if (second) {
        second.child.kill("SIGTERM");
        expect(await second.exited).toBe(0);
      }
    }
  });
});
