import { json, route } from "@/lib/api/handler";
import { eventCodeJson, eventCodeOperations } from "@/lib/contracts/event-codes";
import { createEventCode, listEventCodes } from "@/lib/services/event-codes";

export const GET = route(eventCodeOperations.list, async ({ caller }) => ({
  data: (await listEventCodes(caller.workspaceId)).map(eventCodeJson),
}));

export const POST = route(eventCodeOperations.create, async ({ caller, body }) => {
  const code = await createEventCode(caller.workspaceId, caller.account?.id ?? null, {
    name: body.name,
    maxUses: body.max_uses,
    expiresInHours: body.expires_in_hours,
  });
  return json({ event_code: eventCodeJson(code) }, { status: 201 });
});
