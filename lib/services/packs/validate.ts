import "server-only";
import { validatePackYaml } from "@/lib/packs";
import type { PackValidation } from "@/lib/packs/types";
import { limits } from "@/lib/rate-limit";

/** Parses and validates a bundle's YAML with every rule of PACKS-FORMAT.md §1–§3. */
export function validatePack(text: string): PackValidation {
  return validatePackYaml(text);
}

/** Takes one of the workspace's bundle checks for this minute (429 past PACK limits). */
export async function takePackQuota(workspaceId: string): Promise<void> {
  await limits.packBundles.consume(workspaceId);
}
