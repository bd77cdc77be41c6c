import { route } from "@/lib/api/handler";
import { publicCollectionOperations } from "@/lib/contracts/collections";
import { getPublicCollection } from "@/lib/services/public-challenges";

export const GET = route(publicCollectionOperations.get, async ({ params, caller }) =>
  getPublicCollection(params.id, caller.kind === "user" ? caller.account.id : null),
);
