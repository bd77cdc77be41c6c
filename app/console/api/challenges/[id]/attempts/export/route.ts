import { route } from "@/lib/api/handler";
import { attemptExportOperations } from "@/lib/contracts/attempts";
import { exportChallengeAttempts } from "@/lib/services/attempts/export";

// GET /console/api/challenges/{id}/attempts/export?format=csv|json — streamed a page at a time.
export const GET = route(attemptExportOperations.export, async ({ caller, params, query }) => {
  const file = await exportChallengeAttempts(caller.workspaceId, params.id, query.format);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    },
  });
});
