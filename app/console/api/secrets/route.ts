import { json, route } from "@/lib/api/handler";
import { listSecrets, setSecret } from "@/lib/services/secrets";
import { secretSetSchema } from "@/lib/validation/console";

export const GET = route({ auth: "workspace" }, async ({ caller }) => ({ data: await listSecrets(caller.workspaceId) }));

// Set or replace; the value is never returned.
export const POST = route({ auth: "workspace", body: secretSetSchema, doc: { status: 201 } }, async ({ caller, body }) =>
  json({ secret: await setSecret(caller.workspaceId, body.name, body.value) }, { status: 201 }),
);
