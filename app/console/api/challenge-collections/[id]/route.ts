import { route } from "@/lib/api/handler";
import { collectionResponse } from "@/lib/openapi/responses";
import { deleteCollection, getCollection, updateCollection } from "@/lib/services/collections";
import { collectionUpdateSchema } from "@/lib/validation/collections";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";

export const GET = route(
  { auth: "workspace", params: idParams, doc: { summary: "Get a collection with its ordered challenges", response: collectionResponse } },
  async ({ caller, params }) => ({ collection: await getCollection(caller.workspaceId, params.id) }),
);

export const PATCH = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: collectionUpdateSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Update a collection", response: collectionResponse },
  },
  async ({ caller, params, body }) => ({
    collection: await updateCollection(caller.workspaceId, caller.account?.id ?? null, params.id, body),
  }),
);

export const DELETE = route(
  { auth: "workspace", roles: WRITERS, params: idParams, doc: { summary: "Delete a collection (its challenges stay)", status: 204 } },
  async ({ caller, params }) => {
    await deleteCollection(caller.workspaceId, params.id);
    return null;
  },
);
