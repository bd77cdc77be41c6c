import { json, route } from "@/lib/api/handler";
import { secretJson, secretOperations } from "@/lib/contracts/secrets";
import { listSecrets, setSecret } from "@/lib/services/secrets";

export const GET = route(secretOperations.list, async ({ caller }) => ({ data: (await listSecrets(caller.workspaceId)).map(secretJson) }));

// Set or replace; the value is never returned.
export const POST = route(secretOperations.set, async ({ caller, body }) =>
  json({ secret: secretJson(await setSecret(caller.workspaceId, body.name, body.value)) }, { status: 201 }),
);
