import { route } from "@/lib/api/handler";
import { packOperations } from "@/lib/contracts/packs";
import { getPackVersion } from "@/lib/services/packs";

// GET /console/api/packs/{id}/versions/{number} — the stored manifest and source of one version.
export const GET = route(packOperations.version, async ({ caller, params }) => ({
  version: await getPackVersion(caller.workspaceId, params.id, params.number),
}));
