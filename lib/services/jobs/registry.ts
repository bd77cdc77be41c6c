import "server-only";
import type { JobDefinition } from "@/lib/jobs";
import { emailDigestJob } from "@/lib/services/notifications/email-digest";

// Every job the worker runs: one line per queue (the definition lives beside its service).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition has its own payload type
export const jobDefinitions: JobDefinition<any>[] = [
  emailDigestJob,
];
