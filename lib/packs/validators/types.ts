// Deterministic validators of a `prompt_eval` run (../shared/PACKS-FORMAT.md §3, §4). Pure: each
// one reads the model's output, the resolved `expected_from` evidence and the validator's
// `config`, and answers pass/score/evidence. No storage, no network, never throws.

/** What a validator is given: the model's output, the resolved expected evidence, the config. */
export interface ValidatorInput {
  /** The target evidence (usually the model's final output). */
  actual: string;
  /** The resolved `expected_from` evidence: often a string, sometimes a number, list or object. */
  expected: unknown;
  /** The validator's raw `config` object from the evaluation spec ({} when absent). */
  config: Record<string, unknown>;
}

/** What a validator answers. `score` is in [0, 1]; `evidence` is a short human explanation. */
export interface ValidatorResult {
  passed: boolean;
  score: number;
  evidence: string;
}

/** The validator types that run here, on text alone. */
export const DETERMINISTIC_VALIDATOR_TYPES = [
  "exact_match",
  "contains",
  "regex_match",
  "json_schema",
  "json_path_match",
  "boolean_assert",
  "fuzzy_match",
  "numeric_match",
  "normalized_match",
  "token_f1",
  "math_equivalence",
  "bleu_score",
  "rouge_score",
  "chrf_score",
] as const;

export type DeterministicValidatorType = (typeof DETERMINISTIC_VALIDATOR_TYPES)[number];

export interface DeterministicValidator {
  type: DeterministicValidatorType;
  run(input: ValidatorInput): ValidatorResult;
}
