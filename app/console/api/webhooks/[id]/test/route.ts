import { json, route } from "@/lib/api/handler";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { sendTestEvent } from "@/lib/services/webhooks";

export const POST = route(webhookOperations.test, async ({ caller, params }) =>
  json({ delivery: await sendTestEvent(caller.workspaceId, params.id) }, { status: 201 }),
);
