// Challenge packs: YAML bundle → decoded, normalised, validated (../shared/PACKS-FORMAT.md §1–2).
import { checkEvaluationSpec } from "./evaluation-spec";
import { normalizeBundle } from "./normalize";
import { parseBundleYaml } from "./parse";
import type { PackValidation } from "./types";
import { validateBundle, type EvaluationSpecChecker } from "./validate";

export type { EvaluationSpecChecker } from "./validate";
export { MAX_BUNDLE_BYTES } from "./parse";

export interface ValidatePackOptions {
  /**
   * The §3 evaluation-spec checker (strict decode and rules), called with the raw
   * `version.evaluation_spec` and the prefix `version.evaluation_spec`; `evaluation-spec/` unless
   * a test gives another.
   */
  checkEvaluationSpec?: EvaluationSpecChecker;
}

/** Parses, normalises and validates a bundle; every error is collected. */
export function validatePackYaml(text: string, opts: ValidatePackOptions = {}): PackValidation {
  const parsed = parseBundleYaml(text);
  if (!parsed.ok) return { valid: false, errors: [parsed.error] };
  const bundle = normalizeBundle(parsed.value);
  const errors = validateBundle(bundle, opts.checkEvaluationSpec ?? checkEvaluationSpec);
  return errors.length === 0 ? { valid: true, errors: [], bundle } : { valid: false, errors, bundle };
}
