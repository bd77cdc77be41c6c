import { route } from "@/lib/api/handler";
import { packOperations } from "@/lib/contracts/packs";
import { getPack } from "@/lib/services/packs";

// GET /console/api/packs/{id} — a pack (by id or slug) with its versions, newest first.
export const GET = route(packOperations.get, async ({ caller, params }) => ({
  pack: await getPack(caller.workspaceId, params.id),
}));
