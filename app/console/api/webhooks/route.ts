import { json, route } from "@/lib/api/handler";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { createWebhookEndpoint, endpointJson, listWebhookEndpoints } from "@/lib/services/webhooks";

export const GET = route(webhookOperations.list, async ({ caller }) => ({
  data: (await listWebhookEndpoints(caller.workspaceId)).map(endpointJson),
}));

export const POST = route(webhookOperations.create, async ({ caller, body }) => {
  const { endpoint, secret } = await createWebhookEndpoint(caller.workspaceId, body);
  return json({ webhook: endpointJson(endpoint), secret }, { status: 201 });
});
