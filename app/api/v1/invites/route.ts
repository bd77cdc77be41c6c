// SpecArena protocol: claim an invite by `inviteId`; also served at /api/invites.
import { arenaRoute } from "@/lib/api/arena-route";
import { claimInvite } from "@/lib/services/arena/read";

export const POST = arenaRoute(({ body }) => claimInvite(body), { write: true });
