import "server-only";
import { db } from "@/lib/db";
import { asNum, exec, one, transaction } from "@/lib/db/sql";
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
  const result = await transaction(function* () {
    const d = yield* one<{ endpoint_id: string; error: string | null }>(
      "SELECT endpoint_id, error FROM webhook_deliveries WHERE id = $1",
      deliveryId,
    );
    if (!d)
      return {
        marked: false,
        disabled: false,
        endpointId: null as string | null,
        lastError: error,
        failures: 0,
      };
    const marked = yield* exec(
      "UPDATE webhook_deliveries SET status = 'failed', error = $2, next_attempt_at = NULL WHERE id = $1 AND status = 'pending'",
      deliveryId,
      // The last try's own error says more than "job dead" when there is one.
      count ? (d.error ?? error) : error,
    );
    if (!marked || !count)
      return {
        marked: marked > 0,
        disabled: false,
        endpointId: d.endpoint_id,
        lastError: d.error ?? error,
        failures: 0,
      };
    yield* exec(
      "UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1, updated_at = $2 WHERE id = $1",
      d.endpoint_id,
      now,
    );
    const e = yield* one<{ consecutive_failures: unknown }>(
      "SELECT consecutive_failures FROM webhook_endpoints WHERE id = $1",
      d.endpoint_id,
    );
    const failures = asNum(e?.consecutive_failures);
    let disabled = false;
    if (failures >= limit) {
      disabled =
        (yield* exec(
          "UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3, updated_at = $2 WHERE id = $1 AND disabled_at IS NULL",
          d.endpoint_id,
          now,
          `Disabled after ${failures} failed deliveries in a row (last error: ${(d.error ?? error).slice(0, 300)})`,
        )) > 0;
    }
    return { marked: true, disabled, endpointId: d.endpoint_id, lastError: d.error ?? error, failures };
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
