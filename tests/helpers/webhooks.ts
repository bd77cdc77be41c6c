import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { POST as createRoute } from "@/app/console/api/webhooks/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import type { JobContext } from "@/lib/jobs";
import { consoleActors, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { makeNotificationEvent } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";
import { startSmtpReceiver, type SmtpReceiver } from "@/tests/helpers/smtp-receiver";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/helpers/webhook-receiver";

// The world of the webhook integration tests: two workspaces (tests/helpers/console.ts), a local
// receiver that OUTBOUND_ALLOW lets the server reach, a "victim" on loopback nobody allowed, and
// an SMTP receiver for the owners' mail.

export interface WebhookWorld {
  actors: ConsoleActors;
  receiver: WebhookReceiver;
  victim: WebhookReceiver;
  smtp: SmtpReceiver;
}

export function setEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

/** Registers the suite's hooks; the returned object is filled in beforeAll. */
export function webhookWorld(): WebhookWorld {
  const world = {} as WebhookWorld;
  beforeAll(async () => {
    [world.actors, world.receiver, world.victim, world.smtp] = await Promise.all([
      consoleActors(),
      startWebhookReceiver(),
      startWebhookReceiver(),
      startSmtpReceiver(),
    ]);
    setEnv({ OUTBOUND_ALLOW: `127.0.0.1:${world.receiver.port}`, SMTP_URL: world.smtp.url });
  });
  afterAll(async () => {
    setEnv({ OUTBOUND_ALLOW: undefined, SMTP_URL: undefined, WEBHOOK_DISABLE_AFTER_FAILURES: undefined });
    await Promise.all([world.receiver.close(), world.victim.close(), world.smtp.close()]);
  });
  afterEach(() => {
    world.receiver.reset();
    world.victim.reset();
  });
  return world;
}

/** Cookie-session call options for a signed-in account. */
export const as = (who: { cookie: string }) => ({ cookie: who.cookie, headers: ORIGIN });

/** The context a worker gives a job's nth try. */
export const jobCtx = (attempt: number, maxAttempts = 6): JobContext => ({
  jobId: `job-${attempt}`,
  queue: "webhook.deliver",
  attempt,
  maxAttempts,
  final: attempt >= maxAttempts,
  signal: new AbortController().signal,
});

export async function createEndpoint(body: Record<string, unknown>, who: { cookie: string }) {
  const res = await call(createRoute, { body, ...as(who) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { webhook: { id: string }; secret: string };
}

/** A challenge_first_blood event as the attempt transaction writes it. */
export const firstBlood = (workspaceId: string) =>
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

export async function deliverJobsFor(deliveryId: string) {
  const jobs = await db.job.findMany({ where: { queue: "webhook.deliver" } });
  return jobs.filter((j) => (j.payload as { deliveryId: string }).deliveryId === deliveryId);
}
