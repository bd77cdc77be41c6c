import type { PackImportResult } from "@/lib/contracts/pack-convert";
import type { PublishResult } from "@/lib/contracts/packs";
import type { PackError } from "@/lib/packs/types";

// What the pack actions (app/console/[workspace]/packs/actions.ts) answer the panels that call
// them; beside the panels, not in them, so the actions and the panels don't import each other.

/** A pack that did not validate: its errors, field path first. */
export type InvalidPack = { kind: "invalid"; errors: PackError[] };

export type PublishAnswer = { kind: "valid" } | { kind: "published"; result: PublishResult };
/** What the panel's action answers: valid, the errors, or the published version's ids. */
export type PackPanelResult = PublishAnswer | InvalidPack;

export type Imported = { kind: "imported"; challenges: PackImportResult["challenges"] };
/** What the import action answers: the challenges it created, or the pack's errors. */
export type PackImportPanelResult = Imported | InvalidPack;
