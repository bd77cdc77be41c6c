import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/handler";
import { resolveCaller } from "@/lib/api/caller";
import { AppError, type ErrorCode } from "@/lib/errors";
import { clientKey } from "@/lib/http/client-ip";
import { log } from "@/lib/log";
import { ArenaError } from "@/lib/services/arena/errors";
import { seatOfAccount } from "@/lib/services/arena/humans";
import { channelStream } from "@/lib/services/arena/stream";

// GET /web/api/arena/games/{id}/stream?channel=chat|operator — the session page's live view of
// one channel (SSE, the frames of /api/v1/chat/ws). A signed-in account that holds a seat reads
// its own DMs; everyone else reads them redacted. Errors in Gauntlet's web API shape.

const CODES: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  404: "not_found",
  429: "rate_limited",
};

export async function GET(req: NextRequest, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  const channel = req.nextUrl.searchParams.get("channel") ?? "chat";
  try {
    if (id.startsWith("challenge_")) throw new AppError("not_found", "Game not found");
    if (channel !== "chat" && channel !== "operator")
      throw new AppError("bad_request", "channel must be chat or operator");
    const caller = await resolveCaller(req.headers);
    const seat = caller.kind === "user" ? await seatOfAccount(caller.account.id, id) : null;
    return await channelStream(
      channel === "operator" ? `challenge_${id}` : id,
      seat ? { trustedInvite: seat } : {},
      clientKey(req.headers),
      { gamesOnly: true },
    );
  } catch (err) {
    if (err instanceof AppError) return errorResponse(err);
    if (err instanceof ArenaError)
      return errorResponse(new AppError(CODES[err.status] ?? "bad_request", err.message));
    log.error("arena page stream failed", { error: err instanceof Error ? err.message : String(err) });
    return errorResponse(new AppError("internal", "Something went wrong on our side. Please try again."));
  }
}
