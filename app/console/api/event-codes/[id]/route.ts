import { route } from "@/lib/api/handler";
import { eventCodeJson, eventCodeOperations } from "@/lib/contracts/event-codes";
import { revokeEventCode } from "@/lib/services/event-codes";

export const DELETE = route(eventCodeOperations.revoke, async ({ caller, params }) => ({
  event_code: eventCodeJson(await revokeEventCode(caller.workspaceId, params.id)),
}));
