import "server-only";
import { injectionExamples, INJECTION_KINDS } from "@/lib/evaluation/calibration/injection";
import type { CalibrationLabel, ExampleSource } from "@/lib/evaluation/calibration/types";

// The judge-injection set runs in every calibration as a regression set, without rows: an
// example's id is `builtin:<kind>` (no example row has such an id), its source "generated".
// A challenge that keeps an injection kind as its own generated example runs that one instead.

export const BUILTIN_PREFIX = "builtin:";

/** How many built-in examples a run adds when the challenge keeps none of their kinds. */
export const BUILTIN_INJECTION_COUNT = INJECTION_KINDS.length;

export function builtinInjection(goal: string | null | undefined): {
  id: string;
  label: CalibrationLabel;
  source: ExampleSource;
  kind: string;
  text: string;
}[] {
  return injectionExamples(goal ?? undefined).map((e) => ({
    id: `${BUILTIN_PREFIX}${e.kind}`,
    label: e.label,
    source: "generated",
    kind: e.kind,
    text: e.text,
  }));
}

/** The built-in kinds a run of a challenge keeping these example kinds still adds. */
export function builtinKindsMissing(keptKinds: readonly (string | null)[]): number {
  const kept = new Set(keptKinds);
  return INJECTION_KINDS.filter(({ kind }) => !kept.has(kind)).length;
}
