// SpecArena protocol: challenges/[name]; also served at /api/challenges/[name].
import { arenaRoute } from "@/lib/api/arena-route";
import { createGame } from "@/lib/services/arena/actions";
import { listChallenges, pageParams } from "@/lib/services/arena/read";

export const GET = arenaRoute(({ url, params }) =>
  listChallenges({ ...pageParams(url.searchParams), type: params.name! }),
);
export const POST = arenaRoute(({ params }) => createGame(params.name!), { write: true, createsGame: true });
