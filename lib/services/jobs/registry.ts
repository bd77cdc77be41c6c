import "server-only";
import type { JobDefinition } from "@/lib/jobs";
import { webhookDeliverJob, webhookFanoutJob } from "@/lib/services/webhooks/jobs";

// Every job the worker runs: one line per job definition.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const jobDefinitions: JobDefinition<any>[] = [
  webhookFanoutJob,
  webhookDeliverJob,
];
