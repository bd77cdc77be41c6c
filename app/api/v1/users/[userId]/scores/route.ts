// SpecArena protocol: users/[userId]/scores; also served at /api/users/[userId]/scores.
import { arenaRoute } from "@/lib/api/arena-route";
import { scoresOfUser } from "@/lib/services/arena/users";

export const GET = arenaRoute(({ params }) => scoresOfUser(params.userId!));
