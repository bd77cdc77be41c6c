import { route } from "@/lib/api/handler";
import { redBlueWebOperations } from "@/lib/contracts/red-blue";
import { getStandings } from "@/lib/services/red-blue";

export const GET = route(redBlueWebOperations.leaderboard, async ({ params, query }) =>
  getStandings(params.id, query.limit),
);
