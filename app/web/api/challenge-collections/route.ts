import { route } from "@/lib/api/handler";
import { publicCollectionOperations } from "@/lib/contracts/collections";
import { listPublicCollections } from "@/lib/services/public-challenges";

export const GET = route(publicCollectionOperations.list, async ({ query }) => listPublicCollections(query));
