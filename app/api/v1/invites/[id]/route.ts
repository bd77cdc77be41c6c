// SpecArena protocol: invites/[id]; also served at /api/invites/[id].
import { arenaRoute } from "@/lib/api/arena-route";
import { gameOfInvite } from "@/lib/services/arena/read";

export const GET = arenaRoute(({ params }) => gameOfInvite(params.id!));
