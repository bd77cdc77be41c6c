import "server-only";
import type { AnyJobDefinition } from "@/lib/jobs";
import { dispatchJob } from "@/lib/services/notifications/dispatch";
import { packRunJob } from "@/lib/services/packs/runs/job";
import { calibrationRunJob } from "@/lib/services/calibration/job";
import { packCalibrationJob } from "@/lib/services/packs/calibration/job";
import { emailDigestJob } from "@/lib/services/notifications/email-digest";
import { loginWarningJob } from "@/lib/services/login-warning";
import { webhookDeliverJob, webhookFanoutJob } from "@/lib/services/webhooks/jobs";

// Every job the workers run: one line per job definition (each lives beside the service that
// owns the work). A queue without a definition here is never run: its jobs stay pending.
export const jobDefinitions: AnyJobDefinition[] = [
  dispatchJob,
  emailDigestJob,
  loginWarningJob,
  webhookFanoutJob,
  webhookDeliverJob,
  packRunJob,
  calibrationRunJob,
  packCalibrationJob,
];
