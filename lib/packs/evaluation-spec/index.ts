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
 * validation error. The spec is required: an absent or empty one is checked as an empty spec, so
 * it is refused with `<prefix>.name is required` and the other required fields.
 */
export function checkEvaluationSpec(raw: unknown, prefix = "version.evaluation_spec"): PackError[] {
  const { spec, error } = decodeEvaluationSpec(raw, prefix);
  if (error) return [error];
  return validateEvaluationSpec(spec ?? {}, prefix);
}
