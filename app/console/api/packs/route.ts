import { json, route } from "@/lib/api/handler";
import { readTextBody } from "@/lib/api/yaml-body";
import { MAX_PACK_BYTES, packOperations } from "@/lib/contracts/packs";
import { listPacks, PackInvalidError, publishPack, takePackQuota } from "@/lib/services/packs";

export const GET = route(packOperations.list, async ({ caller }) => ({
  data: await listPacks(caller.workspaceId),
}));

// POST /console/api/packs — publish raw YAML as an immutable version: 201 with the ids, 200 when
// the same content was already published under that number, 409 for other content under it,
// 422 {valid: false, errors} when the bundle does not validate.
export const POST = route(packOperations.publish, async ({ req, caller }) => {
  await takePackQuota(caller.workspaceId);
  const text = await readTextBody(req, MAX_PACK_BYTES);
  try {
    const result = await publishPack(caller.workspaceId, text, caller.account?.id ?? null);
    return json(result, { status: result.created ? 201 : 200 });
  } catch (err) {
    if (err instanceof PackInvalidError) return json({ valid: false, errors: err.errors }, { status: 422 });
    throw err;
  }
});
