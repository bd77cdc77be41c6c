// SpecArena protocol: chat/ws/[channel] (ARENA-PROTOCOL.md); also served at /api/chat/ws/[channel].
import { arenaRoute } from "@/lib/api/arena-route";
import { channelStream } from "@/lib/services/arena/stream";

export const GET = arenaRoute(({ params, caller }) => channelStream(params.channel!, caller));
