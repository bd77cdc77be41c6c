// SpecArena protocol: chat/ws/[channel]; also served at /api/chat/ws/[channel].
import { arenaRoute } from "@/lib/api/arena-route";
import { clientKey } from "@/lib/http/client-ip";
import { channelStream } from "@/lib/services/arena/stream";

export const GET = arenaRoute(({ req, params, caller }) =>
  channelStream(params.channel!, caller, clientKey(req.headers)),
);
