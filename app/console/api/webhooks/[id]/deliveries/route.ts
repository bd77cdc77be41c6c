import { route } from "@/lib/api/handler";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { listDeliveries } from "@/lib/services/webhooks";

export const GET = route(webhookOperations.deliveries, async ({ caller, params, query }) =>
  listDeliveries(caller.workspaceId, params.id, query),
);
