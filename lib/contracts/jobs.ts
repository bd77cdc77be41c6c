import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp } from "@/lib/contracts/primitives";
import { idParams } from "@/lib/contracts/params";

// /console/api/jobs: the workspace's background jobs (notification dispatch, webhook deliveries,
// emails): how many per queue and status, the dead ones and the ones waiting to retry, and
// "retry now" for a dead job. Owners and admins only.

export const JOB_STATUSES = ["pending", "queued", "running", "done", "dead"] as const;

export const jobView = z.object({
  id: z.string(),
  queue: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: isoTimestamp.describe("Not before this time (the next try of a retrying job)"),
  last_error: z.string().nullable().describe("The last try's error message (credentials masked)"),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  finished_at: isoTimestamp.nullable(),
});

export const jobsOverviewResponse = z.object({
  counts: z.array(z.object({ queue: z.string(), status: z.enum(JOB_STATUSES), count: z.number().int() })),
  dead: z.array(jobView).describe("Most recent dead jobs first (at most 50)"),
  retrying: z
    .array(jobView)
    .describe("Jobs that failed and wait for (or are in) another try, soonest first (at most 50)"),
});

export const jobOperations = {
  overview: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    doc: {
      summary: "Background jobs: counts per queue and status, dead and retrying jobs",
      response: jobsOverviewResponse,
    },
  }),
  retry: operation({
    auth: "workspace",
    roles: ["owner", "admin"],
    params: idParams,
    doc: {
      summary: "Retry a dead job now (pending, attempts reset)",
      response: z.object({ job: jobView }),
      statuses: [409],
    },
  }),
};
