import { json, route } from "@/lib/api/handler";
import { collectionOperations } from "@/lib/contracts/collections";
import { createCollection, listCollections } from "@/lib/services/collections";

export const GET = route(
  collectionOperations.list,
  async ({ caller, query }) => ({ data: await listCollections(caller.workspaceId, { appId: query.app_id }) }),
);

export const POST = route(
  collectionOperations.create,
  async ({ caller, body }) =>
    json({ collection: await createCollection(caller.workspaceId, caller.account?.id ?? null, body) }, { status: 201 }),
);
