import { json, route } from "@/lib/api/handler";
import { readTextBody } from "@/lib/api/yaml-body";
import { MAX_PACK_BYTES, packOperations } from "@/lib/contracts/packs";
import { takePackQuota, validatePack } from "@/lib/services/packs";

// POST /console/api/packs/validate — raw YAML (≤ 1 MiB) → 200 {valid: true, errors: null} or
// 422 {valid: false, errors: [{field, message}]} with every error of docs/packs.md §1–§3.
export const POST = route(packOperations.validate, async ({ req, caller }) => {
  await takePackQuota(caller.workspaceId);
  const checked = await validatePack(await readTextBody(req, MAX_PACK_BYTES), caller.workspaceId);
  return checked.valid
    ? json({ valid: true, errors: null })
    : json({ valid: false, errors: checked.errors }, { status: 422 });
});
