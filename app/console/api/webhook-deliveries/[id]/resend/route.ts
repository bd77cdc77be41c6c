import { route } from "@/lib/api/handler";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { resendDelivery } from "@/lib/services/webhooks";

export const POST = route(webhookOperations.resend, async ({ caller, params }) => ({
  delivery: await resendDelivery(caller.workspaceId, params.id),
}));
