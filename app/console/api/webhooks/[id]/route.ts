import { route } from "@/lib/api/handler";
import { webhookOperations } from "@/lib/contracts/webhooks";
import {
  deleteWebhookEndpoint,
  endpointJson,
  getWebhookEndpoint,
  updateWebhookEndpoint,
} from "@/lib/services/webhooks";

export const GET = route(webhookOperations.get, async ({ caller, params }) => ({
  webhook: endpointJson(await getWebhookEndpoint(caller.workspaceId, params.id)),
}));

export const PATCH = route(webhookOperations.update, async ({ caller, params, body }) => ({
  webhook: endpointJson(await updateWebhookEndpoint(caller.workspaceId, params.id, body)),
}));

export const DELETE = route(webhookOperations.remove, async ({ caller, params }) => {
  await deleteWebhookEndpoint(caller.workspaceId, params.id);
  return null;
});
