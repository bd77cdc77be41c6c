import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getPackRun } from "@/lib/services/packs/runs";
import { orNotFound } from "../../../detail";

// The run pages' reads: an unknown run, one of another workspace or of another pack is a 404.

export const loadPackRun = cache(async (workspaceId: string, packId: string, runId: string) => {
  if (runId.length === 0 || runId.length > 100) notFound();
  const run = await orNotFound(() => getPackRun(workspaceId, runId));
  if (run.pack_id !== packId) notFound();
  return run;
});
