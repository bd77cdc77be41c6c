import { route } from "@/lib/api/handler";
import { redBlueWebOperations } from "@/lib/contracts/red-blue";
import { getPublicRedBlue } from "@/lib/services/red-blue";

export const GET = route(redBlueWebOperations.get, async ({ params, caller }) =>
  getPublicRedBlue(params.id, caller.kind === "user" ? caller.account.id : null),
);
