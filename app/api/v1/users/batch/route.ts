// SpecArena protocol: users/batch; also served at /api/users/batch.
import { arenaRoute } from "@/lib/api/arena-route";
import { profilesBatch } from "@/lib/services/arena/users";

export const GET = arenaRoute(({ url }) => profilesBatch(url.searchParams.get("ids")));
