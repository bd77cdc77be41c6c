import { bleuScore } from "./bleu_score";
import { booleanAssert } from "./boolean_assert";
import { chrfScore } from "./chrf_score";
import { contains } from "./contains";
import { exactMatch } from "./exact_match";
import { fuzzyMatch } from "./fuzzy_match";
import { jsonPathMatch } from "./json_path_match";
import { jsonSchema } from "./json_schema";
import { mathEquivalence } from "./math_equivalence";
import { normalizedMatch } from "./normalized_match";
import { numericMatch } from "./numeric_match";
import { regexMatch, regexMatchBounded } from "./regex_match";
import type { SearchRegex } from "./regex-search";
import { rougeScore } from "./rouge_score";
import { tokenF1Validator } from "./token_f1";
import { SANDBOX_VALIDATOR_TYPES } from "@/lib/packs/vocabulary";
import type {
  DeterministicValidator,
  DeterministicValidatorType,
  ValidatorInput,
  ValidatorResult,
} from "./types";

export type {
  DeterministicValidator,
  DeterministicValidatorType,
  ValidatorInput,
  ValidatorResult,
} from "./types";
export { DETERMINISTIC_VALIDATOR_TYPES } from "./types";
export type { RegexSearchResult, SearchRegex } from "./regex-search";

// The deterministic validators of a prompt_eval run, one line per type (README.md documents
// each one's config). The sandbox types below read files, run code or inspect tool calls: the
// runner reports them as needing a sandbox provider instead of running them here.

export const VALIDATORS: Readonly<Record<DeterministicValidatorType, DeterministicValidator>> = {
  exact_match: exactMatch,
  contains: contains,
  regex_match: regexMatch,
  json_schema: jsonSchema,
  json_path_match: jsonPathMatch,
  boolean_assert: booleanAssert,
  fuzzy_match: fuzzyMatch,
  numeric_match: numericMatch,
  normalized_match: normalizedMatch,
  token_f1: tokenF1Validator,
  math_equivalence: mathEquivalence,
  bleu_score: bleuScore,
  rouge_score: rougeScore,
  chrf_score: chrfScore,
};

export { SANDBOX_VALIDATOR_TYPES };

export type SandboxValidatorType = (typeof SANDBOX_VALIDATOR_TYPES)[number];

export function isDeterministicValidatorType(type: string): type is DeterministicValidatorType {
  return Object.hasOwn(VALIDATORS, type);
}

export function isSandboxValidatorType(type: string): type is SandboxValidatorType {
  return (SANDBOX_VALIDATOR_TYPES as readonly string[]).includes(type);
}

/** Runs the validator of `type`; an unknown type is a failed result, never a throw. */
export function runValidator(type: string, input: ValidatorInput): ValidatorResult {
  if (isDeterministicValidatorType(type)) return VALIDATORS[type].run(input);
  if (isSandboxValidatorType(type)) {
    return { passed: false, score: 0, evidence: `${type} needs a sandbox provider and is not run on text` };
  }
  return { passed: false, score: 0, evidence: `unknown validator type ${JSON.stringify(type)}` };
}

/**
 * runValidator for a run: a user pattern too costly to search inline goes to `search` (the
 * server's regex worker, time-bounded) instead of failing.
 */
export async function runValidatorBounded(
  type: string,
  input: ValidatorInput,
  search?: SearchRegex,
): Promise<ValidatorResult> {
  if (type === "regex_match") return regexMatchBounded(input, search);
  return runValidator(type, input);
}
