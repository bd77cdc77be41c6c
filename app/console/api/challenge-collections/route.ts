import { WRITERS } from "@/lib/validation/challenges";
import { json, route } from "@/lib/api/handler";
import { collectionListResponse, collectionResponse } from "@/lib/openapi/responses";
import { createCollection, listCollections } from "@/lib/services/collections";
import { collectionCreateSchema, collectionListQuerySchema } from "@/lib/validation/collections";

export const GET = route(
  {
    auth: "workspace",
    query: collectionListQuerySchema,
    doc: { summary: "List the workspace's collections (optionally of one app)", response: collectionListResponse },
  },
  async ({ caller, query }) => ({ data: await listCollections(caller.workspaceId, { appId: query.app_id }) }),
);

export const POST = route(
  {
    auth: "workspace",
    roles: WRITERS,
    body: collectionCreateSchema,
    maxBodyBytes: 256 * 1024,
    doc: { summary: "Create a collection (optionally with its ordered challenges)", response: collectionResponse, status: 201 },
  },
  async ({ caller, body }) =>
    json({ collection: await createCollection(caller.workspaceId, caller.account?.id ?? null, body) }, { status: 201 }),
);
