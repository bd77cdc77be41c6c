import { route } from "@/lib/api/handler";
import { redBlueConsoleOperations } from "@/lib/contracts/red-blue";
import { listPairings } from "@/lib/services/red-blue";

export const GET = route(redBlueConsoleOperations.pairings, async ({ caller, params, query }) =>
  listPairings(caller.workspaceId, params.id, query),
);
