// SpecArena protocol: stats; also served at /api/stats.
import { arenaRoute } from "@/lib/api/arena-route";
import { arenaStats } from "@/lib/services/arena/read";

export const GET = arenaRoute(() => arenaStats());
