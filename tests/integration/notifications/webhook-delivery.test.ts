import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as deliveriesRoute } from "@/app/console/api/webhooks/[id]/deliveries/route";
import { PATCH as patchRoute } from "@/app/console/api/webhooks/[id]/route";
import { db } from "@/lib/db";
import { forbiddenReason, parseIp } from "@/lib/http/ip";
import { webhookDeliverJob, webhookFanoutJob } from "@/lib/services/webhooks";
import { call } from "@/tests/helpers/route";
import {
  as,
  createEndpoint as create,
  deliverJobsFor,
  firstBlood,
  jobCtx,
  setEnv,
  webhookWorld,
} from "@/tests/helpers/webhooks";

// Webhook deliveries: signed (a real receiver verifies with the standardwebhooks
// package), idempotent fan-out, retries with one attempt row per try, no redirects, capped
// response reads, the SSRF guard at connect, auto-disable with a mail to the owners. Runs on
// SQLite and PostgreSQL (the postgres project).

const world = webhookWorld();
const ownerA = () => as(world.actors.ownerA);
const createEndpoint = (body: Record<string, unknown>, who = world.actors.ownerA) => create(body, who);

describe("fan-out and delivery", () => {
  // Each test counts the deliveries of its own endpoints only: earlier endpoints are turned off.
  beforeEach(async () => {
    await db.webhookEndpoint.updateMany({ data: { isActive: false } });
  });

  it("one delivery per subscribed active endpoint, idempotent; the receiver verifies the signature and gets the stored payload", async () => {
    const ws = world.actors.wsA.id;
    const hit = await createEndpoint({
      url: `${world.receiver.origin}/a`,
      events: ["challenge_first_blood"],
    });
    world.receiver.secret = hit.secret;
    await createEndpoint({
      url: `${world.receiver.origin}/b`,
      events: ["challenge_first_blood"],
      active: false,
    });
    await createEndpoint({ url: `${world.receiver.origin}/c`, events: ["challenge_record_beaten"] });
    const disabled = await createEndpoint({
      url: `${world.receiver.origin}/d`,
      events: ["challenge_first_blood"],
    });
    await db.webhookEndpoint.update({
      where: { id: disabled.webhook.id },
      data: { disabledAt: new Date(), disabledReason: "x" },
    });
    await createEndpoint(
      { url: `${world.receiver.origin}/e`, events: ["challenge_first_blood"] },
      world.actors.ownerB,
    );

    const event = await firstBlood(ws);
    await webhookFanoutJob.run({ eventId: event.id }, jobCtx(1));
    await webhookFanoutJob.run({ eventId: event.id }, jobCtx(2)); // at-least-once: a second run adds nothing
    const deliveries = await db.webhookDelivery.findMany({ where: { eventId: event.id } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([hit.webhook.id]);
    const [delivery] = deliveries;
    expect(delivery!.messageId).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(delivery!.eventType).toBe("challenge_first_blood");
    const jobs = await deliverJobsFor(delivery!.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.workspaceId).toBe(ws);

    await webhookDeliverJob.run({ deliveryId: delivery!.id }, jobCtx(1));
    expect(world.receiver.requests).toHaveLength(1);
    const got = world.receiver.requests[0]!;
    expect(got.verifyError).toBeNull();
    expect(got.verified).toEqual(event.payload);
    expect(got.headers["webhook-id"]).toBe(delivery!.messageId);
    expect(got.path).toBe("/a");

    // A job run again after success (at-least-once) sends nothing more.
    await webhookDeliverJob.run({ deliveryId: delivery!.id }, jobCtx(2));
    expect(world.receiver.requests).toHaveLength(1);
    const after = await db.webhookDelivery.findUniqueOrThrow({
      where: { id: delivery!.id },
      include: { tries: true },
    });
    expect(after.status).toBe("succeeded");
    expect(after.tries).toHaveLength(1);
    expect(after.tries[0]!.responseStatus).toBe(200);
    expect(JSON.stringify(after.tries[0]!.requestHeaders)).not.toContain(hit.secret.slice(6));
  });

  it("a receiver that fails twice then succeeds: one success, three tries in the log, one webhook-id", async () => {
    const hook = await createEndpoint({
      url: `${world.receiver.origin}/flaky`,
      events: ["challenge_first_blood"],
    });
    world.receiver.secret = hook.secret;
    await db.webhookEndpoint.update({ where: { id: hook.webhook.id }, data: { consecutiveFailures: 2 } });
    world.receiver.script = [
      { status: 500, body: "boom" },
      { status: 503, body: "later" },
    ];
    const event = await firstBlood(world.actors.wsA.id);
    await webhookFanoutJob.run({ eventId: event.id }, jobCtx(1));
    const delivery = await db.webhookDelivery.findFirstOrThrow({
      where: { eventId: event.id, endpointId: hook.webhook.id },
    });

    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, jobCtx(1))).rejects.toThrow(/HTTP 500/);
    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, jobCtx(2))).rejects.toThrow(/HTTP 503/);
    await webhookDeliverJob.run({ deliveryId: delivery.id }, jobCtx(3));

    expect(world.receiver.requests).toHaveLength(3);
    expect(world.receiver.requests.every((r) => r.verifyError === null)).toBe(true);
    expect(world.receiver.uniqueMessages()).toEqual([delivery.messageId]);
    const log = await call(deliveriesRoute, { ...ownerA(), params: { id: hook.webhook.id } });
    expect(log.status).toBe(200);
    const [entry] = log.json.data;
    expect(entry.status).toBe("succeeded");
    expect(entry.tries).toBe(3);
    expect(entry.attempts.map((a: { response_status: number }) => a.response_status)).toEqual([
      500, 503, 200,
    ]);
    expect(entry.attempts[0].response_excerpt).toBe("boom");
    expect(entry.attempts[0].error).toMatch(/HTTP 500/);
    expect(entry.attempts[2].request_headers["webhook-signature"]).toMatch(/^v1,/);
    expect(JSON.parse(String(entry.attempts[2].request_body))).toEqual(event.payload);
    expect(
      (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.webhook.id } })).consecutiveFailures,
    ).toBe(0);
  });

  it("a receiver that does not answer within 10 s is a failed try (timed out), retried later", async () => {
    const hook = await createEndpoint({
      url: `${world.receiver.origin}/slow`,
      events: ["challenge_first_blood"],
    });
    // The receiver answers only after the test is over: ending at all means the 10 s timeout did it.
    world.receiver.script = [{ status: 200, delayMs: 10 * 60_000 }];
    const event = await firstBlood(world.actors.wsA.id);
    await webhookFanoutJob.run({ eventId: event.id }, jobCtx(1));
    const delivery = await db.webhookDelivery.findFirstOrThrow({
      where: { eventId: event.id, endpointId: hook.webhook.id },
    });
    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, jobCtx(1))).rejects.toThrow(/timed out/);
    const [attempt] = await db.webhookDeliveryAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempt!.error).toBe("No answer within 10 s (timed out)");
    expect(attempt!.responseStatus).toBeNull();
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(9_900);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe(
      "pending",
    );
  });

  it("redirects are not followed and long answers are cut to an excerpt", async () => {
    const hook = await createEndpoint({
      url: `${world.receiver.origin}/r`,
      events: ["challenge_first_blood"],
    });
    world.receiver.script = [
      { status: 302, headers: { location: `http://127.0.0.1:${world.victim.port}/` } },
      { status: 500, body: "x".repeat(200_000) },
    ];
    const event = await firstBlood(world.actors.wsA.id);
    await webhookFanoutJob.run({ eventId: event.id }, jobCtx(1));
    const delivery = await db.webhookDelivery.findFirstOrThrow({
      where: { eventId: event.id, endpointId: hook.webhook.id },
    });
    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, jobCtx(1))).rejects.toThrow(
      /redirects are not followed/,
    );
    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, jobCtx(2))).rejects.toThrow(/HTTP 500/);
    expect(world.victim.requests).toHaveLength(0);
    const tries = await db.webhookDeliveryAttempt.findMany({
      where: { deliveryId: delivery.id },
      orderBy: { number: "asc" },
    });
    expect(tries.map((t) => t.number)).toEqual([1, 2]);
    expect(tries[1]!.responseExcerpt!.length).toBeLessThanOrEqual(2049);
  });

  it("refuses at connect time a name that resolves to an internal address (DNS rebinding): permanent, receiver untouched", async () => {
    const name = hostname();
    const addresses = await lookup(name, { all: true });
    // Precondition of this environment: the machine's own name resolves inside (hosts file).
    expect(addresses.some((a) => forbiddenReason(parseIp(a.address)!) !== null)).toBe(true);
    const hook = await createEndpoint({
      url: `http://${name}:${world.victim.port}/internal`,
      events: ["challenge_first_blood"],
    });
    const event = await firstBlood(world.actors.wsA.id);
    await webhookFanoutJob.run({ eventId: event.id }, jobCtx(1));
    const delivery = await db.webhookDelivery.findFirstOrThrow({
      where: { eventId: event.id, endpointId: hook.webhook.id },
    });
    const err = await webhookDeliverJob
      .run({ deliveryId: delivery.id }, jobCtx(1))
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(err!.name).toBe("PermanentJobError");
    expect(err!.message).toMatch(/refused: it resolves to .*OUTBOUND_ALLOW/);
    expect(world.victim.requests).toHaveLength(0);
    await webhookDeliverJob.onDead!({ deliveryId: delivery.id }, err!.message, jobCtx(1));
    const after = await db.webhookDelivery.findUniqueOrThrow({
      where: { id: delivery.id },
      include: { tries: true },
    });
    expect(after.status).toBe("failed");
    expect(after.error).toMatch(/OUTBOUND_ALLOW/);
    expect(after.tries).toHaveLength(1);
  });

  it("after WEBHOOK_DISABLE_AFTER_FAILURES dead deliveries in a row the endpoint is disabled and the owners get one mail", async () => {
    setEnv({ WEBHOOK_DISABLE_AFTER_FAILURES: "2" });
    try {
      const hook = await createEndpoint({
        url: `${world.receiver.origin}/down`,
        events: ["challenge_first_blood"],
      });
      for (let i = 0; i < 3; i++) {
        world.receiver.script = [{ status: 500 }];
        const event = await firstBlood(world.actors.wsA.id);
        await webhookFanoutJob.run({ eventId: event.id }, jobCtx(1));
        const delivery = await db.webhookDelivery.findFirst({
          where: { eventId: event.id, endpointId: hook.webhook.id },
        });
        if (i === 2) {
          expect(delivery).toBeNull(); // disabled: no fan-out to it any more
          break;
        }
        await expect(webhookDeliverJob.run({ deliveryId: delivery!.id }, jobCtx(6))).rejects.toThrow(
          /HTTP 500/,
        );
        await webhookDeliverJob.onDead!({ deliveryId: delivery!.id }, "job dead", jobCtx(6));
        await webhookDeliverJob.onDead!({ deliveryId: delivery!.id }, "job dead", jobCtx(6)); // once only
      }
      const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.webhook.id } });
      expect(endpoint.consecutiveFailures).toBe(2);
      expect(endpoint.disabledAt).not.toBeNull();
      expect(endpoint.disabledReason).toMatch(/2 failed deliveries in a row.*HTTP 500/);
      const owner = await db.account.findUniqueOrThrow({ where: { id: world.actors.ownerA.id } });
      const mail = await world.smtp.waitFor(
        (m) => m.to.includes(owner.email.toLowerCase()) && m.subject.includes("disabled"),
      );
      expect(mail.text).toContain(`${world.receiver.origin}/down`);
      expect(world.smtp.messages.filter((m) => m.subject.includes("disabled"))).toHaveLength(1);

      // Turning it on again clears the disable and the count.
      const patched = await call(patchRoute, {
        ...ownerA(),
        params: { id: hook.webhook.id },
        body: { active: true },
      });
      expect(patched.status).toBe(200);
      expect(patched.json.webhook).toMatchObject({
        active: true,
        disabled_at: null,
        disabled_reason: null,
        consecutive_failures: 0,
      });
    } finally {
      setEnv({ WEBHOOK_DISABLE_AFTER_FAILURES: undefined });
    }
  });
});
