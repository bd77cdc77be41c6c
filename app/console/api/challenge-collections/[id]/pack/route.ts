import { route } from "@/lib/api/handler";
import { packDownload } from "@/lib/api/pack-download";
import { packConvertOperations } from "@/lib/contracts/pack-convert";
import { exportCollectionPack } from "@/lib/services/packs/convert";

// GET /console/api/challenge-collections/{id}/pack?version=N — the collection's challenges as one
// prompt_eval pack (YAML download).
export const GET = route(packConvertOperations.exportCollection, async ({ caller, params, query }) =>
  packDownload(await exportCollectionPack(caller.workspaceId, params.id, { version: query.version }), false),
);
