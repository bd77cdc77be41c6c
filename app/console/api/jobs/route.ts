import { route } from "@/lib/api/handler";
import { jobOperations } from "@/lib/contracts/jobs";
import { jobsOverview } from "@/lib/services/jobs/console";

export const GET = route(jobOperations.overview, async ({ caller }) => jobsOverview(caller.workspaceId));
