import { route } from "@/lib/api/handler";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { endpointJson, rotateWebhookSecret } from "@/lib/services/webhooks";

export const POST = route(webhookOperations.rotateSecret, async ({ caller, params }) => {
  const { endpoint, secret } = await rotateWebhookSecret(caller.workspaceId, params.id);
  return { webhook: endpointJson(endpoint), secret };
});
