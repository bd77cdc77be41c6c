// SpecArena protocol: arena/sync; also served at /api/arena/sync.
import { arenaRoute } from "@/lib/api/arena-route";
import { syncChannelParams } from "@/lib/services/arena/params";
import { syncOperator } from "@/lib/services/arena/read";

export const GET = arenaRoute(async ({ url, caller }) => {
  const { channel, index } = syncChannelParams(url.searchParams);
  const { messages, count } = await syncOperator(channel.replace(/^challenge_/, ""), index, caller);
  return { messages, count };
});
