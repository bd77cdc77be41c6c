import { json, route } from "@/lib/api/handler";
import { idempotencyKeyFrom } from "@/lib/api/idempotency";
import { secretClaimOperations } from "@/lib/contracts/attempts";
import { claimSecret } from "@/lib/services/attempts/secret-claims";

// POST /web/api/challenges/{id}/claims — claim the password (Gandalf's guess box).

export const POST = route(secretClaimOperations.claim, async ({ req, params, body, caller, clientKey }) => {
  const result = await claimSecret({
    challengeId: params.id,
    accountId: caller.account.id,
    secret: body.secret,
    clientKey,
    idempotencyKey: idempotencyKeyFrom(req.headers.get("idempotency-key"), body.idempotency_key),
  });
  return json(result, { status: result.replayed ? 200 : 201 });
});
