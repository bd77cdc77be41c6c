import { route } from "@/lib/api/handler";
import { collectionOperations } from "@/lib/contracts/collections";
import { deleteCollection, getCollection, updateCollection } from "@/lib/services/collections";

export const GET = route(
  collectionOperations.get,
  async ({ caller, params }) => ({ collection: await getCollection(caller.workspaceId, params.id) }),
);

export const PATCH = route(
  collectionOperations.update,
  async ({ caller, params, body }) => ({
    collection: await updateCollection(caller.workspaceId, caller.account?.id ?? null, params.id, body),
  }),
);

export const DELETE = route(
  collectionOperations.remove,
  async ({ caller, params }) => {
    await deleteCollection(caller.workspaceId, params.id);
    return null;
  },
);
