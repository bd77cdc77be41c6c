import "server-only";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  endpointJson,
  generateWebhookSecret,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpointView,
} from "@/lib/services/webhooks/endpoints";
export {
  DELIVER_QUEUE,
  FANOUT_QUEUE,
  fanoutEvent,
  getDelivery,
  listDeliveries,
  resendDelivery,
  sendTestEvent,
} from "@/lib/services/webhooks/deliveries";
export { tryDelivery, type TryOutcome } from "@/lib/services/webhooks/deliver";
export { webhookDeliverJob, webhookFanoutJob } from "@/lib/services/webhooks/jobs";
