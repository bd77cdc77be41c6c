import "server-only";
import { randomBytes } from "node:crypto";
import type { WebhookCreateInput, WebhookEndpointJson, WebhookUpdateInput } from "@/lib/contracts/webhooks";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { assertUrlTargetAllowed, OutboundRefusedError } from "@/lib/http/outbound";

// Webhook endpoints of a workspace. The signing secret is generated here (Standard Webhooks:
// "whsec_" + base64 of 32 random bytes), stored encrypted, and returned only by create and
// rotate; every view leaves it out (the Prisma client omits the column unless asked).

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: string[];
  active: boolean;
  consecutiveFailures: number;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const select = {
  id: true,
  url: true,
  description: true,
  events: true,
  isActive: true,
  consecutiveFailures: true,
  disabledAt: true,
  disabledReason: true,
  createdAt: true,
  updatedAt: true,
} as const;

type Row = {
  id: string;
  url: string;
  description: string;
  events: unknown;
  isActive: boolean;
  consecutiveFailures: number;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toView({ isActive, events, ...rest }: Row): WebhookEndpointView {
  return { ...rest, active: isActive, events: Array.isArray(events) ? events.map(String) : [] };
}

export function endpointJson(v: WebhookEndpointView): WebhookEndpointJson {
  return {
    id: v.id,
    url: v.url,
    description: v.description,
    events: v.events,
    active: v.active,
    consecutive_failures: v.consecutiveFailures,
    disabled_at: v.disabledAt?.toISOString() ?? null,
    disabled_reason: v.disabledReason,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  };
}

/** A new signing secret in the Standard Webhooks format. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * Refuses a URL whose host is a forbidden literal address (loopback, private, link-local,
 * metadata, …) or a localhost name, unless OUTBOUND_ALLOW names it. A name that resolves inside
 * is refused when a delivery connects (lib/http/outbound.ts checks every connection).
 */
function assertWebhookUrlAllowed(url: string): void {
  try {
    assertUrlTargetAllowed(url);
  } catch (err) {
    if (err instanceof OutboundRefusedError) {
      throw new AppError("validation_failed", `url: ${err.message}`, {
        details: { issues: [{ path: "url", message: err.message }] },
      });
    }
    throw new AppError("validation_failed", "url must be an http(s) URL", {
      details: { issues: [{ path: "url", message: "url must be an http(s) URL" }] },
    });
  }
}

export async function createWebhookEndpoint(
  workspaceId: string,
  input: WebhookCreateInput,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  assertWebhookUrlAllowed(input.url);
  const secret = generateWebhookSecret();
  const row = await db.webhookEndpoint.create({
    data: {
      workspaceId,
      url: input.url,
      events: input.events,
      description: input.description ?? "",
      isActive: input.active ?? true,
      secretEncrypted: encryptSecret(secret),
    },
    select,
  });
  return { endpoint: toView(row), secret };
}

export async function listWebhookEndpoints(workspaceId: string): Promise<WebhookEndpointView[]> {
  const rows = await db.webhookEndpoint.findMany({
    where: { workspaceId },
    orderBy: { createdAt: "asc" },
    select,
  });
  return rows.map(toView);
}

export async function getWebhookEndpoint(workspaceId: string, id: string): Promise<WebhookEndpointView> {
  const row = await db.webhookEndpoint.findFirst({ where: { id, workspaceId }, select });
  if (!row) throw notFound("Webhook endpoint");
  return toView(row);
}

export async function updateWebhookEndpoint(
  workspaceId: string,
  id: string,
  input: WebhookUpdateInput,
): Promise<WebhookEndpointView> {
  if (input.url !== undefined) assertWebhookUrlAllowed(input.url);
  const current = await getWebhookEndpoint(workspaceId, id);
  // Turning an endpoint on again (also after an automatic disable) starts its failure count over.
  const reenable = input.active === true && (!current.active || current.disabledAt !== null);
  const res = await db.webhookEndpoint.updateMany({
    where: { id, workspaceId },
    data: {
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.events === undefined ? {} : { events: input.events }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.active === undefined ? {} : { isActive: input.active }),
      ...(reenable ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0 } : {}),
    },
  });
  if (res.count === 0) throw notFound("Webhook endpoint");
  return getWebhookEndpoint(workspaceId, id);
}

export async function deleteWebhookEndpoint(workspaceId: string, id: string): Promise<void> {
  const res = await db.webhookEndpoint.deleteMany({ where: { id, workspaceId } });
  if (res.count === 0) throw notFound("Webhook endpoint");
}

/** Replaces the signing secret; deliveries signed from now on (retries too) use the new one. */
export async function rotateWebhookSecret(
  workspaceId: string,
  id: string,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const secret = generateWebhookSecret();
  const res = await db.webhookEndpoint.updateMany({
    where: { id, workspaceId },
    data: { secretEncrypted: encryptSecret(secret) },
  });
  if (res.count === 0) throw notFound("Webhook endpoint");
  return { endpoint: await getWebhookEndpoint(workspaceId, id), secret };
}
