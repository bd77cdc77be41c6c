// Evaluation specs of challenge packs (docs/packs.md §1 step 3 and §3): strict decode,
// then every validation rule. Pure.
import type { PackError } from "@/lib/packs/types";
import { decodeEvaluationSpec } from "./decode";
import { validateEvaluationSpec } from "./validate";

export { decodeEvaluationSpec } from "./decode";
export { validateEvaluationSpec } from "./validate";
export { expandDimensions, BARE_DIMENSIONS, DIMENSION_SOURCES } from "./validate-scorecard";
export { inferJudgeProvider, MAX_JUDGE_SAMPLES, NUMERIC_JUDGE_MODES } from "./validate-judges";
export { isEvidenceReference } from "./common";
export type * from "./types";

/**
 * Decodes `raw` strictly and validates it: a decode error is the only error; otherwise every
 * validation error. An absent or empty spec has nothing to check.
 */
export function checkEvaluationSpec(raw: unknown, prefix = "version.evaluation_spec"): PackError[] {
  const { spec, error } = decodeEvaluationSpec(raw, prefix);
  if (error) return [error];
  if (!spec) return [];
  return validateEvaluationSpec(spec, prefix);
}
