// SpecArena protocol: scoring/[type]; also served at /api/scoring/[type].
import { arenaRoute } from "@/lib/api/arena-route";
import { typeBoard } from "@/lib/services/arena/leaderboards";

export const GET = arenaRoute(({ params }) => typeBoard(params.type!));
