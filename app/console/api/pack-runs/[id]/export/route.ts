import { route } from "@/lib/api/handler";
import { packRunOperations } from "@/lib/contracts/pack-runs";
import { exportPackRun } from "@/lib/services/packs/runs";

// GET /console/api/pack-runs/{id}/export?format=json|csv — the run's results as a download.
export const GET = route(packRunOperations.export, async ({ caller, params, query }) => {
  const file = await exportPackRun(caller.workspaceId, params.id, query.format);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    },
  });
});
