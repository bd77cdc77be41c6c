import "server-only";
import { db } from "@/lib/db";
import { sendEmail } from "@/lib/email";
import { renderWebhookDisabledEmail } from "@/lib/email/webhooks";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// A delivery that failed for good: marked failed; unless told otherwise it counts against its
// endpoint, and the endpoint is disabled (once) when WEBHOOK_DISABLE_AFTER_FAILURES deliveries in
// a row failed, with a mail to the workspace's owners.

export interface FailureResult {
  /** This call changed the delivery to failed (false: it was not pending). */
  marked: boolean;
  /** This call disabled the endpoint. */
  disabled: boolean;
}

export async function noteDeliveryFailed(
  deliveryId: string,
  error: string,
  opts: { count?: boolean } = {},
): Promise<FailureResult> {
  const count = opts.count ?? true;
  const limit = env.WEBHOOK_DISABLE_AFTER_FAILURES;
  const now = new Date();
  const result = await db.$transaction(async (tx) => {
    const d = await tx.webhookDelivery.findUnique({
      where: { id: deliveryId },
      select: { endpointId: true, error: true },
    });
    if (!d)
      return {
        marked: false,
        disabled: false,
        endpointId: null as string | null,
        lastError: error,
        failures: 0,
      };
    const { count: marked } = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, status: "pending" },
      // The last try's own error says more than "job dead" when there is one.
      data: { status: "failed", error: count ? (d.error ?? error) : error, nextAttemptAt: null },
    });
    if (!marked || !count)
      return {
        marked: marked > 0,
        disabled: false,
        endpointId: d.endpointId,
        lastError: d.error ?? error,
        failures: 0,
      };
    const { consecutiveFailures: failures } = await tx.webhookEndpoint.update({
      where: { id: d.endpointId },
      data: { consecutiveFailures: { increment: 1 }, updatedAt: now },
      select: { consecutiveFailures: true },
    });
    let disabled = false;
    if (failures >= limit) {
      const { count: changed } = await tx.webhookEndpoint.updateMany({
        where: { id: d.endpointId, disabledAt: null },
        data: {
          disabledAt: now,
          disabledReason: `Disabled after ${failures} failed deliveries in a row (last error: ${(d.error ?? error).slice(0, 300)})`,
          updatedAt: now,
        },
      });
      disabled = changed > 0;
    }
    return { marked: true, disabled, endpointId: d.endpointId, lastError: d.error ?? error, failures };
  });
  if (result.disabled && result.endpointId)
    await mailOwners(result.endpointId, result.lastError, result.failures);
  return { marked: result.marked, disabled: result.disabled };
}

/** Best effort: a mail that cannot be sent is logged; the endpoint stays disabled either way. */
async function mailOwners(endpointId: string, lastError: string, failures: number): Promise<void> {
  const endpoint = await db.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: {
      url: true,
      workspace: {
        select: {
          name: true,
          slug: true,
          memberships: { where: { role: "owner" }, select: { account: { select: { email: true } } } },
        },
      },
    },
  });
  if (!endpoint) return;
  const link = new URL(`/console/${endpoint.workspace.slug}/webhooks`, env.APP_URL).toString();
  const mail = renderWebhookDisabledEmail({
    workspaceName: endpoint.workspace.name,
    url: endpoint.url,
    failures,
    lastError,
    link,
  });
  for (const m of endpoint.workspace.memberships) {
    try {
      await sendEmail({ to: m.account.email, ...mail });
    } catch (err) {
      log.warn("webhook disabled: owner mail not sent", { endpointId, error: (err as Error).message });
    }
  }
}
