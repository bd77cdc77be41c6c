import type { PackImportResult } from "@/lib/contracts/pack-convert";
import type { PackError } from "@/lib/packs/types";
import type { PublishResult } from "@/lib/services/packs";

// What the pack actions (app/console/[workspace]/packs/actions.ts) answer the panels that call them.

/** What the panel's action answers: valid, the errors, or the published version's ids. */
export type PackPanelResult =
  { kind: "valid" } | { kind: "invalid"; errors: PackError[] } | { kind: "published"; result: PublishResult };

/** What the import action answers: the challenges it created, or the pack's errors. */
export type PackImportPanelResult =
  { kind: "imported"; challenges: PackImportResult["challenges"] } | { kind: "invalid"; errors: PackError[] };
