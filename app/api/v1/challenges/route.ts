// SpecArena protocol: challenges; also served at /api/challenges.
import { arenaRoute } from "@/lib/api/arena-route";
import { listChallenges, pageParams } from "@/lib/services/arena/read";

export const GET = arenaRoute(({ url }) => listChallenges(pageParams(url.searchParams)));
