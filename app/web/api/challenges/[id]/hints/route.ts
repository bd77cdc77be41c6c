import { route } from "@/lib/api/handler";
import { hintOperations } from "@/lib/contracts/hints";
import { listPlayerHints } from "@/lib/services/hints";

// GET /web/api/challenges/{id}/hints — costs and availability; bodies only of the caller's unlocks.
export const GET = route(hintOperations.list, async ({ params, caller }) =>
  listPlayerHints(params.id, caller.kind === "user" ? caller.account.id : null),
);
