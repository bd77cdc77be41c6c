import { route } from "@/lib/api/handler";
import { redBlueWebOperations } from "@/lib/contracts/red-blue";
import { joinTeam } from "@/lib/services/red-blue";

// POST /web/api/red-blue-challenges/{id}/join { team } — join the red (attack) or blue (defense)
// side. The same side again is a no-op; switching is refused (409) once the player has submitted.
export const POST = route(redBlueWebOperations.join, async ({ params, body, caller }) =>
  joinTeam(caller.account.id, params.id, body.team),
);
