import { route } from "@/lib/api/handler";
import { redBlueWebOperations } from "@/lib/contracts/red-blue";
import { listMyPairings } from "@/lib/services/red-blue";

// GET /web/api/red-blue-challenges/{id}/pairings?limit= — the pairings the caller's submissions
// took part in, newest first; never the opponent's text or the secret unless revealed.
export const GET = route(redBlueWebOperations.myPairings, async ({ params, query, caller }) =>
  listMyPairings(caller.account.id, params.id, query.limit),
);
