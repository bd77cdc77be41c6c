import { json, route } from "@/lib/api/handler";
import { idempotencyKeyFrom } from "@/lib/api/idempotency";
import { redBlueWebOperations } from "@/lib/contracts/red-blue";
import { submitTeamPrompt } from "@/lib/services/red-blue";

// POST /web/api/red-blue-challenges/{id}/submit { team, prompt } — an attack (red) or a defense
// (blue), paired with the other side's and judged. 201 with the result; a repeat of the
// Idempotency-Key header answers the stored result with 200 and `replayed: true`. The client
// going away cancels the model calls (the submission is then withdrawn).

export const POST = route(redBlueWebOperations.submit, async ({ req, params, body, caller }) => {
  const { result, status } = await submitTeamPrompt({
    challengeId: params.id,
    accountId: caller.account.id,
    team: body.team,
    prompt: body.prompt,
    idempotencyKey: idempotencyKeyFrom(req.headers.get("idempotency-key")),
    signal: req.signal,
  });
  return json(result, { status });
});
