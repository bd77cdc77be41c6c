import { describe, expect, it } from "vitest";
import { GET as deliveriesRoute } from "@/app/console/api/webhooks/[id]/deliveries/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/console/api/webhooks/[id]/route";
import { POST as rotateRoute } from "@/app/console/api/webhooks/[id]/secret/route";
import { POST as testRoute } from "@/app/console/api/webhooks/[id]/test/route";
import { GET as listRoute, POST as createRoute } from "@/app/console/api/webhooks/route";
import { POST as resendRoute } from "@/app/console/api/webhook-deliveries/[id]/resend/route";
import {
  webhookDeliveryListResponse,
  webhookDeliveryResponse,
  webhookEndpointResponse,
  webhookListResponse,
  webhookWithSecretResponse,
} from "@/lib/contracts/webhooks";
import { db } from "@/lib/db";
import { openApiDocument } from "@/lib/openapi/document";
import { expect422 } from "@/tests/helpers/console";
import { call } from "@/tests/helpers/route";
import { as, createEndpoint as create, deliverJobsFor, webhookWorld } from "@/tests/helpers/webhooks";

// Webhooks: endpoints (the secret shown once, never in lists), the SSRF guard at save,
// test events and resends, tenant isolation and the OpenAPI webhooks. Deliveries:
// webhook-delivery.test.ts. Runs on SQLite and PostgreSQL (the postgres project).

const world = webhookWorld();
const ownerA = () => as(world.actors.ownerA);
const ownerB = () => as(world.actors.ownerB);
const createEndpoint = (body: Record<string, unknown>, who = world.actors.ownerA) => create(body, who);

describe("endpoints", () => {
  it("create returns a Standard Webhooks secret once; list and detail never carry it", async () => {
    const { webhook, secret } = await createEndpoint({
      url: `${world.receiver.origin}/hook`,
      events: ["challenge_first_blood", "challenge_first_blood"],
      description: "CI",
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await db.webhookEndpoint.findUniqueOrThrow({
      where: { id: webhook.id },
      omit: { secretEncrypted: false },
    });
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
    // The answers match the documented shapes (lib/contracts/webhooks.ts).
    webhookListResponse.parse(list.json);
    webhookEndpointResponse.parse(detail.json);
    webhookDeliveryListResponse.parse(deliveries.json);

    const rotated = await call(rotateRoute, { ...ownerA(), params: { id: webhook.id } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    webhookWithSecretResponse.parse(rotated.json);
    expect(rotated.json.secret).not.toBe(secret);
  });

  it("refuses private, loopback, link-local and metadata URLs at creation (422 naming OUTBOUND_ALLOW)", async () => {
    for (const url of [
      `http://127.0.0.1:${world.victim.port}/hook`,
      "http://10.1.2.3/hook",
      "http://169.254.169.254/latest",
      "http://[::1]/hook",
      `http://localhost:${world.victim.port}/`,
    ]) {
      const res = await call(createRoute, { body: { url, events: ["challenge_first_blood"] }, ...ownerA() });
      expect422(res, "OUTBOUND_ALLOW");
      expect(res.json.error.details.issues[0].path).toBe("url");
    }
    expect422(
      await call(createRoute, {
        body: { url: "ftp://example.com/x", events: ["challenge_first_blood"] },
        ...ownerA(),
      }),
      "http(s)",
    );
    expect422(
      await call(createRoute, { body: { url: "https://example.com/x", events: ["nope"] }, ...ownerA() }),
    );
    expect422(
      await call(createRoute, { body: { url: "https://example.com/x", events: [] }, ...ownerA() }),
      "at least one",
    );
  });
});

describe("test events and resends", () => {
  it("send test event: delivered now and signed; resend keeps the webhook-id; a resend while pending is 409", async () => {
    const hook = await createEndpoint({
      url: `${world.receiver.origin}/t`,
      events: ["team_pairing_completed"],
    });
    world.receiver.secret = hook.secret;
    const res = await call(testRoute, { ...ownerA(), params: { id: hook.webhook.id } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    webhookDeliveryResponse.parse(res.json);
    expect(res.json.delivery).toMatchObject({
      status: "succeeded",
      event_type: "webhook.test",
      event_id: null,
      tries: 1,
    });
    expect(world.receiver.requests[0]!.verified).toMatchObject({
      event: "webhook.test",
      endpoint_id: hook.webhook.id,
    });

    const again = await call(resendRoute, { ...ownerA(), params: { id: res.json.delivery.id } });
    expect(again.status).toBe(200);
    expect(again.json.delivery).toMatchObject({
      status: "succeeded",
      tries: 2,
      message_id: res.json.delivery.message_id,
    });
    expect(world.receiver.uniqueMessages()).toEqual([res.json.delivery.message_id]);
    expect(world.receiver.requests).toHaveLength(2);

    // A failing test event: the first try is in the log, the rest goes to the deliver job.
    world.receiver.script = [{ status: 500 }];
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
    const hook = await createEndpoint({
      url: `${world.receiver.origin}/mine`,
      events: ["challenge_first_blood"],
    });
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
    expect(world.receiver.requests).toHaveLength(1);
    const editor = await call(listRoute, as(world.actors.editorA));
    expect(editor.status).toBe(403);
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.webhook.id } });
    expect(endpoint.url).toBe(`${world.receiver.origin}/mine`);
  });
});

describe("OpenAPI webhooks", () => {
  it("documents the five events and the test event with their payloads and the Standard Webhooks headers", () => {
    const doc = openApiDocument() as { webhooks: Record<string, { post: any }> };
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      [
        "challenge_first_blood",
        "challenge_record_beaten",
        "team_pairing_completed",
        "team_submission_requested",
        "verdict_reviewed",
        "webhook.test",
      ].sort(),
    );
    for (const { post } of Object.values(doc.webhooks)) {
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
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
