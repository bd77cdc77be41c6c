// SpecArena protocol: scoring; also served at /api/scoring.
import { arenaRoute } from "@/lib/api/arena-route";
import { globalBoard } from "@/lib/services/arena/leaderboards";

export const GET = arenaRoute(() => globalBoard());
