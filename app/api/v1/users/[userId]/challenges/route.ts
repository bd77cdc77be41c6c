// SpecArena protocol: users/[userId]/challenges; also served at /api/users/[userId]/challenges.
import { arenaRoute } from "@/lib/api/arena-route";
import { listChallenges, pageParams } from "@/lib/services/arena/read";

export const GET = arenaRoute(({ url, params }) => {
  const { limit, offset } = pageParams(url.searchParams);
  return listChallenges({ userId: params.userId!, status: "ended", limit, offset });
});
