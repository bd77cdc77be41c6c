import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { idParams } from "@/lib/contracts/params";

// GET /console/api/challenges/{id}/attempts/export?format=csv|json — a challenge's attempts as a
// download for the workspace's members (secret masked; no judge raw output, no run traces).

export const attemptExportQuery = z.strictObject({ format: z.enum(["csv", "json"]).default("csv") });

export const attemptExportOperations = {
  export: operation({
    auth: "workspace",
    params: idParams,
    query: attemptExportQuery,
    doc: {
      summary: "A challenge's attempts as CSV or JSON (oldest first; the secret masked)",
      responseMediaType: "text/csv",
    },
  }),
};
