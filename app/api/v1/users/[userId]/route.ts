// SpecArena protocol: users/[userId]; also served at /api/users/[userId].
import { arenaRoute } from "@/lib/api/arena-route";
import { profileOf } from "@/lib/services/arena/users";

export const GET = arenaRoute(({ params }) => profileOf(params.userId!));
