// SpecArena protocol: users/[userId]/challenges; also served at /api/users/[userId]/challenges.
import { arenaRoute } from "@/lib/api/arena-route";
import { gamesOfUser } from "@/lib/services/arena/read";

export const GET = arenaRoute(({ url, params }) => gamesOfUser(params.userId!, url.searchParams));
