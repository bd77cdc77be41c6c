import "server-only";
import { validatePackYaml } from "@/lib/packs";
import type { PackValidation } from "@/lib/packs/types";

/** Parses and validates a bundle's YAML with every rule of PACKS-FORMAT.md §1–§3. */
export function validatePack(text: string): PackValidation {
  return validatePackYaml(text);
}
