// Deterministic validators of a `prompt_eval` run (docs/packs.md §3, §4). Pure: each
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

import { DETERMINISTIC_VALIDATOR_TYPES } from "@/lib/packs/vocabulary";

export { DETERMINISTIC_VALIDATOR_TYPES };

export type DeterministicValidatorType = (typeof DETERMINISTIC_VALIDATOR_TYPES)[number];

export interface DeterministicValidator {
  type: DeterministicValidatorType;
  run(input: ValidatorInput): ValidatorResult;
}
