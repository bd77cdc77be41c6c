import { route } from "@/lib/api/handler";
import { packDownload } from "@/lib/api/pack-download";
import { packConvertOperations } from "@/lib/contracts/pack-convert";
import { exportChallengePack } from "@/lib/services/packs/convert";

// GET /console/api/challenges/{id}/pack?attacks=true|false&version=N — the challenge as a
// prompt_eval pack (YAML download); attacks=true adds its winning attacks as `regressions`.
export const GET = route(packConvertOperations.exportChallenge, async ({ caller, params, query }) => {
  const attacks = query.attacks === "true";
  const file = await exportChallengePack(caller.workspaceId, params.id, { attacks, version: query.version });
  return packDownload(file, attacks);
});
