import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { createReport } from "@/lib/services/moderation";

// A player reports a public listing to the instance's administrators.
export const POST = route(moderationOperations.report, async ({ body, caller }) =>
  Response.json(await createReport(caller.account.id, body), { status: 201 }),
);
