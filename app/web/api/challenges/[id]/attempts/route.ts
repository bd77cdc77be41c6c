import { isSameOrigin, type Caller } from "@/lib/api/caller";
import { errorResponse, json, route, toAppError } from "@/lib/api/handler";
import { guestIdOf, guestSetCookie, guestTokenOf, newGuest } from "@/lib/auth/guest";
import { AppError, forbidden } from "@/lib/errors";
import { challengeAllowsGuests, consumeGuestAttempt } from "@/lib/services/guests";
import { idempotencyKeyFrom } from "@/lib/api/idempotency";
import { asyncQueue } from "@/lib/async-queue";
import { attemptHistoryOperations } from "@/lib/contracts/attempts";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { attemptOperations } from "@/lib/contracts/attempts";
import type { attemptInputSchema } from "@/lib/contracts/attempts";
import { sseResponse, type SseEvent } from "@/lib/http/sse";
import { submitAttempt, type AttemptResult } from "@/lib/services/attempts";
import { listOwnAttempts } from "@/lib/services/attempts/history";
import type { PlayerEvent } from "@/lib/workflow/types";

// POST /web/api/challenges/{id}/attempts — play one attempt (the player web API).
// JSON by default; with `Accept: text/event-stream` the player's view of the run is streamed as
// SSE: run_started, progress ({ stage, message }), answer_delta ({ delta }; only when nothing in
// the graph can withhold the answer), reproducing ({ done, runs, message }; a won prompt run again),
// answer ({ text }; final and masked), then an `attempt` event carrying the same result object (or
// `error`). Never the creator's trace: no node ids, no other nodes' outputs, no judge data
// (lib/workflow/engine/player-view.ts).

export const POST = route(attemptOperations.submit, async (ctx) => {
  // ctx.clientKey is worked out when read: only a guest's attempt needs it.
  const { req, params, body, caller } = ctx;
  // A visitor without an account plays as a guest where the challenge allows it (signed guest
  // cookie, minted here on the first attempt; limited per guest and per client address).
  let guestId: string | null = null;
  let setCookie: string | null = null;
  if (caller.kind !== "user") {
    if (guestTokenOf(req.headers) !== null && !isSameOrigin(req.headers, req.url)) {
      throw forbidden("Cross-site request refused");
    }
    if (!(await challengeAllowsGuests(params.id))) throw new AppError("unauthorized", "Log in to do this");
    guestId = guestIdOf(req.headers);
    if (!guestId) {
      const minted = newGuest();
      guestId = minted.id;
      setCookie = guestSetCookie(minted.token);
    }
  }
  const withCookie = (res: Response) => {
    if (setCookie) res.headers.append("set-cookie", setCookie);
    return res;
  };
  try {
    if (guestId) await consumeGuestAttempt(guestId, ctx.clientKey);
    return withCookie(await submit({ req, params, body, caller }, guestId));
  } catch (err) {
    // A new guest keeps their cookie even when this attempt was refused.
    if (!setCookie) throw err;
    return withCookie(errorResponse(toAppError(err)));
  }
});

async function submit(
  {
    req,
    params,
    body,
    caller,
  }: { req: NextRequest; params: { id: string }; body: z.infer<typeof attemptInputSchema>; caller: Caller },
  guestId: string | null,
): Promise<Response> {
  const input = {
    challengeId: params.id,
    accountId: caller.kind === "user" ? caller.account.id : null,
    guestId,
    prompt: body.prompt,
    idempotencyKey: idempotencyKeyFrom(req.headers.get("idempotency-key"), body.idempotency_key),
  };
  const status = (r: AttemptResult) => (r.replayed ? 200 : 201);
  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
    // The client going away cancels the model call (the attempt is then not counted). A
    // streamed attempt is not cancelled: its player may already have seen part of the answer.
    const result = await submitAttempt({ ...input, signal: req.signal });
    return json(result, { status: status(result) });
  }

  // The player going away only stops the stream; the attempt still finishes and is recorded.
  const source = asyncQueue<SseEvent>();
  let firstEvent: () => void = () => undefined;
  const started = new Promise<null>((resolve) => (firstEvent = () => resolve(null)));
  const onEvent = (event: PlayerEvent) => {
    source.push({ event: event.type, data: event });
    firstEvent();
  };
  const settled = submitAttempt({ ...input, onEvent }).then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  // Refusals before the run starts (404, 409, 429) are answered as plain JSON errors with
  // their status and headers; once the run has started, everything goes down the stream.
  const early = await Promise.race([started, settled]);
  if (early && !early.ok) throw early.error;

  void settled.then((s) => {
    source.push(
      s.ok ? { event: "attempt", data: s.result } : { event: "error", data: toAppError(s.error).toBody() },
    );
    source.end();
  });
  const first = early?.ok ? early.result : null;
  return sseResponse(source.items, {
    status: first ? status(first) : 200,
    headers: { "cache-control": "no-cache, no-transform", connection: "keep-alive" },
  });
}
// GET /web/api/challenges/{id}/attempts — the caller's own attempts on the challenge, newest first.
export const GET = route(attemptHistoryOperations.mine, async ({ params, query, caller }) =>
  listOwnAttempts(caller.account.id, params.id, query),
);
