import { route } from "@/lib/api/handler";
import { jobOperations } from "@/lib/contracts/jobs";
import { retryJob } from "@/lib/services/jobs/console";

export const POST = route(jobOperations.retry, async ({ caller, params }) => ({ job: await retryJob(caller.workspaceId, params.id) }));
