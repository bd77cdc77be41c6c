// SpecArena protocol: arena/join; also served at /api/arena/join.
import { arenaRoute } from "@/lib/api/arena-route";
import { joinGame } from "@/lib/services/arena/actions";

export const POST = arenaRoute(({ body }) => joinGame(body), { write: true });
