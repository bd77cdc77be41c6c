// SpecArena protocol: arena/message; also served at /api/arena/message.
import { arenaRoute } from "@/lib/api/arena-route";
import { actInGame } from "@/lib/services/arena/actions";

export const POST = arenaRoute(({ body, caller }) => actInGame(body, caller), { write: true });
