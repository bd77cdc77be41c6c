// SpecArena protocol: chat/sync; also served at /api/chat/sync.
import { arenaRoute } from "@/lib/api/arena-route";
import { syncChannelParams } from "@/lib/services/arena/params";
import { syncChannel } from "@/lib/services/arena/read";

export const GET = arenaRoute(async ({ url, caller }) => {
  const { channel, index } = syncChannelParams(url.searchParams);
  const { messages, count } = await syncChannel(channel, index, caller);
  return { messages, count };
});
