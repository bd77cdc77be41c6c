import type { NextRequest } from "next/server";
import { arenaJson } from "@/lib/api/arena-route";
import { getViewer } from "@/lib/auth/viewer";
import { clientKey } from "@/lib/http/client-ip";
import { log } from "@/lib/log";
import { ArenaError } from "@/lib/services/arena/errors";
import { seatOfAccount } from "@/lib/services/arena/humans";
import { channelStream } from "@/lib/services/arena/stream";

// GET /web/api/arena/games/{id}/stream?channel=chat|operator — the session page's live view of
// one channel (SSE, the frames of /api/v1/chat/ws). A signed-in account that holds a seat reads
// its own DMs; everyone else reads them redacted.

export async function GET(req: NextRequest, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  const channel = req.nextUrl.searchParams.get("channel") ?? "chat";
  if (id.startsWith("challenge_")) return arenaJson({ error: "Challenge not found" }, 404);
  if (channel !== "chat" && channel !== "operator")
    return arenaJson({ error: "channel must be chat or operator" }, 400);
  try {
    const viewer = await getViewer();
    const seat = viewer ? await seatOfAccount(viewer.id, id) : null;
    return await channelStream(
      channel === "operator" ? `challenge_${id}` : id,
      seat ? { trustedInvite: seat } : {},
      clientKey(req.headers),
    );
  } catch (err) {
    if (err instanceof ArenaError) return arenaJson(err.body(), err.status);
    log.error("arena page stream failed", { error: err instanceof Error ? err.message : String(err) });
    return arenaJson({ error: "Internal server error" }, 500);
  }
}
