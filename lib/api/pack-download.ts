import "server-only";
import { PACK_MEDIA_TYPE } from "@/lib/contracts/packs";
import type { PackFile } from "@/lib/services/packs/convert";

/** An exported pack as a YAML download; never cached (it holds the whole defense). */
export function packDownload(file: PackFile, withAttacks: boolean): Response {
  return new Response(file.yaml, {
    headers: {
      "content-type": `${PACK_MEDIA_TYPE}; charset=utf-8`,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
      ...(withAttacks ? { "x-pack-regression-cases": String(file.regressionCases) } : {}),
    },
  });
}
