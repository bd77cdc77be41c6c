import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as deliveriesRoute } from "@/app/console/api/webhooks/[id]/deliveries/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/console/api/webhooks/[id]/route";
import { POST as rotateRoute } from "@/app/console/api/webhooks/[id]/secret/route";
import { POST as testRoute } from "@/app/console/api/webhooks/[id]/test/route";
import { GET as listRoute, POST as createRoute } from "@/app/console/api/webhooks/route";
import { POST as resendRoute } from "@/app/console/api/webhook-deliveries/[id]/resend/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";
import { parseIp, forbiddenReason } from "@/lib/http/ip";
import type { JobContext } from "@/lib/jobs";
import { webhookDeliverJob, webhookFanoutJob } from "@/lib/services/webhooks";
import { consoleActors, expect422, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { makeNotificationEvent } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";
import { startSmtpReceiver, type SmtpReceiver } from "@/tests/helpers/smtp-receiver";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/helpers/webhook-receiver";

// Issue 12, webhooks: signed deliveries (verified by a real receiver with the standardwebhooks
// package), idempotent fan-out, retries with one attempt row per try, auto-disable with a mail to
// the owners, the SSRF guard at save and at connect, and tenant isolation. Runs on SQLite and
// PostgreSQL (the postgres project).

let actors: ConsoleActors;
let receiver: WebhookReceiver;
let victim: WebhookReceiver;
let smtp: SmtpReceiver;

const setEnv = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
};

beforeAll(async () => {
  [actors, receiver, victim, smtp] = await Promise.all([
    consoleActors(),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startSmtpReceiver(),
  ]);
  // Only the receiver is allowed; the "victim" stands for an internal service nobody allowed.
  setEnv({ OUTBOUND_ALLOW: `127.0.0.1:${receiver.port}`, SMTP_URL: smtp.url });
});

afterAll(async () => {
  setEnv({ OUTBOUND_ALLOW: undefined, SMTP_URL: undefined, WEBHOOK_DISABLE_AFTER_FAILURES: undefined });
  await Promise.all([receiver.close(), victim.close(), smtp.close()]);
});

afterEach(() => {
  receiver.reset();
  victim.reset();
});

const asOwnerA = { cookie: "", headers: ORIGIN };
const ownerA = () => ({ ...asOwnerA, cookie: actors.ownerA.cookie });
const ownerB = () => ({ ...asOwnerA, cookie: actors.ownerB.cookie });

/** The context a worker gives a job's nth try. */
const ctx = (attempt: number, maxAttempts = 6): JobContext => ({
  jobId: `job-${attempt}`,
  queue: "webhook.deliver",
  attempt,
  maxAttempts,
  final: attempt >= maxAttempts,
  signal: new AbortController().signal,
});

async function createEndpoint(body: Record<string, unknown>, who = ownerA()) {
  const res = await call(createRoute, { body, ...who });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { webhook: { id: string }; secret: string };
}

const firstBlood = (workspaceId: string) =>
  makeNotificationEvent({
    workspaceId,
    event: "challenge_first_blood",
    payload: {
      event: "challenge_first_blood",
      challenge_id: "c-1",
      scoring_strategy: "highest_rating",
      account_id: "a-1",
      attempt_id: "at-1",
      score: 96.8,
      occurred_at: 1730000000000,
    },
  });

async function deliverJobsFor(deliveryId?: string) {
  const jobs = await db.job.findMany({ where: { queue: "webhook.deliver" } });
  return jobs.filter((j) => !deliveryId || (j.payload as { deliveryId: string }).deliveryId === deliveryId);
}

describe("endpoints", () => {
  it("create returns a Standard Webhooks secret once; list and detail never carry it", async () => {
    const { webhook, secret } = await createEndpoint({
      url: `${receiver.origin}/hook`,
      events: ["challenge_first_blood", "challenge_first_blood"],
      description: "CI",
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: webhook.id }, omit: { secretEncrypted: false } });
    expect(stored.secretEncrypted).not.toContain(secret.slice(6));
    expect(stored.events).toEqual(["challenge_first_blood"]);

    const list = await call(listRoute, ownerA());
    const detail = await call(getRoute, { ...ownerA(), params: { id: webhook.id } });
    const deliveries = await call(deliveriesRoute, { ...ownerA(), params: { id: webhook.id } });
    for (const res of [list, detail, deliveries]) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(secret.slice(6));
      expect(res.text).not.toMatch(/"secret/);
    }
    expect(list.json.data.map((w: { id: string }) => w.id)).toContain(webhook.id);

    const rotated = await call(rotateRoute, { ...ownerA(), params: { id: webhook.id } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(secret);
  });

  it("refuses private, loopback, link-local and metadata URLs at creation (422 naming OUTBOUND_ALLOW)", async () => {
    for (const url of [
      `http://127.0.0.1:${victim.port}/hook`,
      "http://10.1.2.3/hook",
      "http://169.254.169.254/latest",
      "http://[::1]/hook",
      `http://localhost:${victim.port}/`,
    ]) {
      const res = await call(createRoute, { body: { url, events: ["challenge_first_blood"] }, ...ownerA() });
      expect422(res, "OUTBOUND_ALLOW");
      expect(res.json.error.details.issues[0].path).toBe("url");
    }
    expect422(await call(createRoute, { body: { url: "ftp://example.com/x", events: ["challenge_first_blood"] }, ...ownerA() }), "http(s)");
    expect422(await call(createRoute, { body: { url: "https://example.com/x", events: ["nope"] }, ...ownerA() }));
    expect422(await call(createRoute, { body: { url: "https://example.com/x", events: [] }, ...ownerA() }), "at least one");
  });
});

describe("fan-out and delivery", () => {
  // Each test counts the deliveries of its own endpoints only: earlier endpoints are turned off.
  beforeEach(async () => {
    await db.webhookEndpoint.updateMany({ data: { isActive: false } });
  });

  it("one delivery per subscribed active endpoint, idempotent; the receiver verifies the signature and gets the stored payload", async () => {
    const ws = actors.wsA.id;
    const hit = await createEndpoint({ url: `${receiver.origin}/a`, events: ["challenge_first_blood"] });
    receiver.secret = hit.secret;
    await createEndpoint({ url: `${receiver.origin}/b`, events: ["challenge_first_blood"], active: false });
    await createEndpoint({ url: `${receiver.origin}/c`, events: ["challenge_record_beaten"] });
    const disabled = await createEndpoint({ url: `${receiver.origin}/d`, events: ["challenge_first_blood"] });
    await db.webhookEndpoint.update({ where: { id: disabled.webhook.id }, data: { disabledAt: new Date(), disabledReason: "x" } });
    await createEndpoint({ url: `${receiver.origin}/e`, events: ["challenge_first_blood"] }, ownerB());

    const event = await firstBlood(ws);
    await webhookFanoutJob.run({ eventId: event.id }, ctx(1));
    await webhookFanoutJob.run({ eventId: event.id }, ctx(2)); // at-least-once: a second run adds nothing
    const deliveries = await db.webhookDelivery.findMany({ where: { eventId: event.id } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([hit.webhook.id]);
    const [delivery] = deliveries;
    expect(delivery!.messageId).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(delivery!.eventType).toBe("challenge_first_blood");
    const jobs = await deliverJobsFor(delivery!.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.workspaceId).toBe(ws);

    await webhookDeliverJob.run({ deliveryId: delivery!.id }, ctx(1));
    expect(receiver.requests).toHaveLength(1);
    const got = receiver.requests[0]!;
    expect(got.verifyError).toBeNull();
    expect(got.verified).toEqual(event.payload);
    expect(got.headers["webhook-id"]).toBe(delivery!.messageId);
    expect(got.path).toBe("/a");

    // A job run again after success (at-least-once) sends nothing more.
    await webhookDeliverJob.run({ deliveryId: delivery!.id }, ctx(2));
    expect(receiver.requests).toHaveLength(1);
    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id }, include: { tries: true } });
    expect(after.status).toBe("succeeded");
    expect(after.tries).toHaveLength(1);
    expect(after.tries[0]!.responseStatus).toBe(200);
    expect(JSON.stringify(after.tries[0]!.requestHeaders)).not.toContain(hit.secret.slice(6));
  });

  it("a receiver that fails twice then succeeds: one success, three tries in the log, one webhook-id", async () => {
    const hook = await createEndpoint({ url: `${receiver.origin}/flaky`, events: ["challenge_first_blood"] });
    receiver.secret = hook.secret;
    await db.webhookEndpoint.update({ where: { id: hook.webhook.id }, data: { consecutiveFailures: 2 } });
    receiver.script = [{ status: 500, body: "boom" }, { status: 503, body: "later" }];
    const event = await firstBlood(actors.wsA.id);
    await webhookFanoutJob.run({ eventId: event.id }, ctx(1));
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id, endpointId: hook.webhook.id } });

    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, ctx(1))).rejects.toThrow(/HTTP 500/);
    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, ctx(2))).rejects.toThrow(/HTTP 503/);
    await webhookDeliverJob.run({ deliveryId: delivery.id }, ctx(3));

    expect(receiver.requests).toHaveLength(3);
    expect(receiver.requests.every((r) => r.verifyError === null)).toBe(true);
    expect(receiver.uniqueMessages()).toEqual([delivery.messageId]);
    const log = await call(deliveriesRoute, { ...ownerA(), params: { id: hook.webhook.id } });
    expect(log.status).toBe(200);
    const [entry] = log.json.data;
    expect(entry.status).toBe("succeeded");
    expect(entry.tries).toBe(3);
    expect(entry.attempts.map((a: { response_status: number }) => a.response_status)).toEqual([500, 503, 200]);
    expect(entry.attempts[0].response_excerpt).toBe("boom");
    expect(entry.attempts[0].error).toMatch(/HTTP 500/);
    expect(entry.attempts[2].request_headers["webhook-signature"]).toMatch(/^v1,/);
    expect(JSON.parse(String(entry.attempts[2].request_body))).toEqual(event.payload);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.webhook.id } })).consecutiveFailures).toBe(0);
  });

  it("redirects are not followed and long answers are cut to an excerpt", async () => {
    const hook = await createEndpoint({ url: `${receiver.origin}/r`, events: ["challenge_first_blood"] });
    receiver.script = [
      { status: 302, headers: { location: `http://127.0.0.1:${victim.port}/` } },
      { status: 500, body: "x".repeat(200_000) },
    ];
    const event = await firstBlood(actors.wsA.id);
    await webhookFanoutJob.run({ eventId: event.id }, ctx(1));
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id, endpointId: hook.webhook.id } });
    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, ctx(1))).rejects.toThrow(/redirects are not followed/);
    await expect(webhookDeliverJob.run({ deliveryId: delivery.id }, ctx(2))).rejects.toThrow(/HTTP 500/);
    expect(victim.requests).toHaveLength(0);
    const tries = await db.webhookDeliveryAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { number: "asc" } });
    expect(tries.map((t) => t.number)).toEqual([1, 2]);
    expect(tries[1]!.responseExcerpt!.length).toBeLessThanOrEqual(2049);
  });

  it("refuses at connect time a name that resolves to an internal address (DNS rebinding): permanent, receiver untouched", async () => {
    const name = hostname();
    const addresses = await lookup(name, { all: true });
    // Precondition of this environment: the machine's own name resolves inside (hosts file).
    expect(addresses.some((a) => forbiddenReason(parseIp(a.address)!) !== null)).toBe(true);
    const hook = await createEndpoint({ url: `http://${name}:${victim.port}/internal`, events: ["challenge_first_blood"] });
    const event = await firstBlood(actors.wsA.id);
    await webhookFanoutJob.run({ eventId: event.id }, ctx(1));
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id, endpointId: hook.webhook.id } });
    const err = await webhookDeliverJob.run({ deliveryId: delivery.id }, ctx(1)).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(err!.name).toBe("PermanentJobError");
    expect(err!.message).toMatch(/refused: it resolves to .*OUTBOUND_ALLOW/);
    expect(victim.requests).toHaveLength(0);
    await webhookDeliverJob.onDead!({ deliveryId: delivery.id }, err!.message, ctx(1));
    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { tries: true } });
    expect(after.status).toBe("failed");
    expect(after.error).toMatch(/OUTBOUND_ALLOW/);
    expect(after.tries).toHaveLength(1);
  });

  it("after WEBHOOK_DISABLE_AFTER_FAILURES dead deliveries in a row the endpoint is disabled and the owners get one mail", async () => {
    setEnv({ WEBHOOK_DISABLE_AFTER_FAILURES: "2" });
    try {
      const hook = await createEndpoint({ url: `${receiver.origin}/down`, events: ["challenge_first_blood"] });
      for (let i = 0; i < 3; i++) {
        receiver.script = [{ status: 500 }];
        const event = await firstBlood(actors.wsA.id);
        await webhookFanoutJob.run({ eventId: event.id }, ctx(1));
        const delivery = await db.webhookDelivery.findFirst({ where: { eventId: event.id, endpointId: hook.webhook.id } });
        if (i === 2) {
          expect(delivery).toBeNull(); // disabled: no fan-out to it any more
          break;
        }
        await expect(webhookDeliverJob.run({ deliveryId: delivery!.id }, ctx(6))).rejects.toThrow(/HTTP 500/);
        await webhookDeliverJob.onDead!({ deliveryId: delivery!.id }, "job dead", ctx(6));
        await webhookDeliverJob.onDead!({ deliveryId: delivery!.id }, "job dead", ctx(6)); // once only
      }
      const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.webhook.id } });
      expect(endpoint.consecutiveFailures).toBe(2);
      expect(endpoint.disabledAt).not.toBeNull();
      expect(endpoint.disabledReason).toMatch(/2 failed deliveries in a row.*HTTP 500/);
      const owner = await db.account.findUniqueOrThrow({ where: { id: actors.ownerA.id } });
      const mail = await smtp.waitFor((m) => m.to.includes(owner.email.toLowerCase()) && m.subject.includes("disabled"));
      expect(mail.text).toContain(`${receiver.origin}/down`);
      expect(smtp.messages.filter((m) => m.subject.includes("disabled"))).toHaveLength(1);

      // Turning it on again clears the disable and the count.
      const patched = await call(patchRoute, { ...ownerA(), params: { id: hook.webhook.id }, body: { active: true } });
      expect(patched.status).toBe(200);
      expect(patched.json.webhook).toMatchObject({ active: true, disabled_at: null, disabled_reason: null, consecutive_failures: 0 });
    } finally {
      setEnv({ WEBHOOK_DISABLE_AFTER_FAILURES: undefined });
    }
  });
});

describe("test events and resends", () => {
  it("send test event: delivered now and signed; resend keeps the webhook-id; a resend while pending is 409", async () => {
    const hook = await createEndpoint({ url: `${receiver.origin}/t`, events: ["team_pairing_completed"] });
    receiver.secret = hook.secret;
    const res = await call(testRoute, { ...ownerA(), params: { id: hook.webhook.id } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.delivery).toMatchObject({ status: "succeeded", event_type: "webhook.test", event_id: null, tries: 1 });
    expect(receiver.requests[0]!.verified).toMatchObject({ event: "webhook.test", endpoint_id: hook.webhook.id });

    const again = await call(resendRoute, { ...ownerA(), params: { id: res.json.delivery.id } });
    expect(again.status).toBe(200);
    expect(again.json.delivery).toMatchObject({ status: "succeeded", tries: 2, message_id: res.json.delivery.message_id });
    expect(receiver.uniqueMessages()).toEqual([res.json.delivery.message_id]);
    expect(receiver.requests).toHaveLength(2);

    // A failing test event: the first try is in the log, the rest goes to the deliver job.
    receiver.script = [{ status: 500 }];
    const failing = await call(testRoute, { ...ownerA(), params: { id: hook.webhook.id } });
    expect(failing.json.delivery).toMatchObject({ status: "pending", tries: 1, response_status: 500 });
    expect(failing.json.delivery.next_attempt_at).not.toBeNull();
    const jobs = await deliverJobsFor(String(failing.json.delivery.id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.maxAttempts).toBe(5);
    expect(jobs[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
    const conflict = await call(resendRoute, { ...ownerA(), params: { id: failing.json.delivery.id } });
    expect(conflict.status).toBe(409);
  });
});

describe("tenant isolation", () => {
  it("another workspace cannot read, change, test or resend your endpoints and deliveries; editors cannot either", async () => {
    const hook = await createEndpoint({ url: `${receiver.origin}/mine`, events: ["challenge_first_blood"] });
    const sent = await call(testRoute, { ...ownerA(), params: { id: hook.webhook.id } });
    expect(sent.status).toBe(201);
    const deliveryId = sent.json.delivery.id as string;
    const params = { id: hook.webhook.id };
    for (const [handler, extra] of [
      [getRoute, {}],
      [deliveriesRoute, {}],
      [patchRoute, { body: { url: "https://evil.example/x" } }],
      [testRoute, {}],
      [rotateRoute, {}],
    ] as const) {
      const res = await call(handler, { ...ownerB(), params, ...extra });
      expect(res.status, JSON.stringify(res.json)).toBe(404);
    }
    expect((await call(resendRoute, { ...ownerB(), params: { id: deliveryId } })).status).toBe(404);
    const listB = await call(listRoute, ownerB());
    expect(listB.json.data.map((w: { id: string }) => w.id)).not.toContain(hook.webhook.id);
    expect(receiver.requests).toHaveLength(1);
    const editor = await call(listRoute, { cookie: actors.editorA.cookie, headers: ORIGIN });
    expect(editor.status).toBe(403);
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.webhook.id } });
    expect(endpoint.url).toBe(`${receiver.origin}/mine`);
  });
});

describe("OpenAPI webhooks", () => {
  it("documents the three events and the test event with their payloads and the Standard Webhooks headers", () => {
    const doc = openApiDocument() as { webhooks: Record<string, { post: any }> };
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      ["challenge_first_blood", "challenge_record_beaten", "team_pairing_completed", "webhook.test"].sort(),
    );
    for (const { post } of Object.values(doc.webhooks)) {
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    }
    const beaten = doc.webhooks.challenge_record_beaten!.post.requestBody.content["application/json"].schema;
    expect(Object.keys(beaten.properties as object)).toEqual([
      "event",
      "challenge_id",
      "scoring_strategy",
      "previous_record",
      "new_record",
      "occurred_at",
    ]);
    const pairing = doc.webhooks.team_pairing_completed!.post.requestBody.content["application/json"].schema;
    expect(pairing.required).toEqual(
      expect.arrayContaining(["categories", "judge_rating", "red_points", "blue_points", "occurred_at"]),
    );
  });
});
