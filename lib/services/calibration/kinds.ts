import "server-only";
import { GENERATED_KINDS } from "@/lib/evaluation/calibration/generate";
import type { CalibrationLabel } from "@/lib/evaluation/calibration/types";

/** What a generated recipe makes, in the creator's words; null for a kind Gauntlet no longer has. */
export function describeKind(kind: string): string | null {
  return GENERATED_KINDS.find((k) => k.kind === kind)?.description ?? null;
}

/** The known recipes and the label each example of theirs carries. */
export function knownKinds(): Map<string, CalibrationLabel> {
  return new Map(GENERATED_KINDS.map((k) => [k.kind, k.label]));
}
