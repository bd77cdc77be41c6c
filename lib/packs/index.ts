// Challenge packs: YAML bundle → decoded, normalised, validated.
import { checkEvaluationSpec } from "./evaluation-spec";
import { normalizeBundle } from "./normalize";
import { parseBundleYaml, type ParseResult } from "./parse";
import type { PackValidation } from "./types";
import { validateBundle, type EvaluationSpecChecker } from "./validate";

export type { EvaluationSpecChecker } from "./validate";
export { MAX_BUNDLE_BYTES, MAX_NODES, MAX_VALUES, type ParseResult } from "./parse";

export interface ValidatePackOptions {
  /**
   * The evaluation-spec checker (strict decode and rules), called with the raw
   * `version.evaluation_spec` and the prefix `version.evaluation_spec`; `evaluation-spec/` unless
   * a test gives another.
   */
  checkEvaluationSpec?: EvaluationSpecChecker;
}

/**
 * Normalises and validates a decoded bundle; every error is collected. Its cost is bounded by the
 * decoder's node and value limits (MAX_NODES, MAX_VALUES).
 */
export function validateDecodedPack(parsed: ParseResult, opts: ValidatePackOptions = {}): PackValidation {
  if (!parsed.ok) return { valid: false, errors: parsed.errors };
  const bundle = normalizeBundle(parsed.value);
  const errors = validateBundle(bundle, opts.checkEvaluationSpec ?? checkEvaluationSpec);
  return errors.length === 0 ? { valid: true, errors: [], bundle } : { valid: false, errors, bundle };
}

/** Parses, normalises and validates a bundle on this thread (the CLI, tests); the server decodes on a worker. */
export function validatePackYaml(text: string, opts: ValidatePackOptions = {}): PackValidation {
  return validateDecodedPack(parseBundleYaml(text), opts);
}
