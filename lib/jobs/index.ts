import "server-only";
export { enqueueJob, enqueueJobIn, enqueue, onJobsEnqueued, JOBS_CHANNEL } from "@/lib/jobs/enqueue";
export { retryDeadJob } from "@/lib/jobs/admin";
export { startWorker, type RunningWorker, type WorkerOptions } from "@/lib/jobs/worker";
export {
  defineJob,
  PermanentJobError,
  DEFAULT_MAX_ATTEMPTS,
  type Backoff,
  type EnqueueOptions,
  type JobContext,
  type JobDefinition,
  type AnyJobDefinition,
  type JobStatus,
} from "@/lib/jobs/types";
