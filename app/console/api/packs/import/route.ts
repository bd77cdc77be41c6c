import { json, route } from "@/lib/api/handler";
import { readTextBody } from "@/lib/api/yaml-body";
import { MAX_PACK_BYTES } from "@/lib/contracts/packs";
import { packConvertOperations } from "@/lib/contracts/pack-convert";
import { PackInvalidError, takePackQuota } from "@/lib/services/packs";
import { importPackChallenges } from "@/lib/services/packs/convert";

// POST /console/api/packs/import — raw YAML (≤ 1 MiB): 201 {challenges: [{id, slug, title}]}, one
// draft challenge per pack challenge; 422 {valid: false, errors} when the bundle does not validate
// or a challenge could not be created from it; 429 past the workspace's bundle checks per minute.
export const POST = route(packConvertOperations.importChallenges, async ({ req, caller }) => {
  await takePackQuota(caller.workspaceId);
  const text = await readTextBody(req, MAX_PACK_BYTES);
  try {
    return json(await importPackChallenges(caller.workspaceId, caller.account?.id ?? null, text), {
      status: 201,
    });
  } catch (err) {
    if (err instanceof PackInvalidError) return json({ valid: false, errors: err.errors }, { status: 422 });
    throw err;
  }
});
