import "server-only";
import type { JobDefinition } from "@/lib/jobs";
import { dispatchJob } from "@/lib/services/notifications/dispatch";

// Every job definition the worker runs, one line each (lib/jobs/types.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const jobDefinitions: JobDefinition<any>[] = [dispatchJob];
