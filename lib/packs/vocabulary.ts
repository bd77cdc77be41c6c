// The pack format's vocabulary (docs/packs.md §2–§3), named once: the validators accept exactly
// these words, text runs apply the deterministic validator types (lib/packs/validators), the
// console's format guide and docs/packs-guide.md list them (a test keeps the guide in step).
// Client-safe: plain constants only.

/** The validator types that run on text alone. */
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

/** The sandbox validator types that read a file or run code: their target is a `file:` reference. */
export const FILE_VALIDATOR_TYPES = [
  "file_content_match",
  "file_exists",
  "file_json_schema",
  "directory_structure",
  "code_execution",
] as const;

/** The sandbox validator types that inspect tool calls or the end state: they take no expected value. */
export const STATE_VALIDATOR_TYPES = ["tool_call_assertion", "postcondition"] as const;

/** The validator types that read files, run code or inspect tool calls: they need a sandbox. */
export const SANDBOX_VALIDATOR_TYPES = [...FILE_VALIDATOR_TYPES, ...STATE_VALIDATOR_TYPES] as const;

/** Every validator type a spec may declare. */
export const VALIDATOR_TYPES = [...DETERMINISTIC_VALIDATOR_TYPES, ...SANDBOX_VALIDATOR_TYPES] as const;
export type ValidatorType = (typeof VALIDATOR_TYPES)[number];

/** `version.execution_mode` (empty is allowed too). */
export const EXECUTION_MODES = ["native", "prompt_eval", "responses", "multi_turn"] as const;

/** `version.evaluation_spec.judge_mode`: whether the spec has LLM judges. */
export const JUDGE_MODES = ["deterministic", "llm_judge", "hybrid"] as const;

/** `llm_judges[].mode`: how one judge asks its question. */
export const JUDGE_METHOD_MODES = ["rubric", "assertion", "n_wise", "reference"] as const;

/** `scorecard.strategy` (empty means weighted). */
export const SCORECARD_STRATEGIES = ["weighted", "binary", "hybrid"] as const;

/** `scorecard.dimensions[].source`. */
export const DIMENSION_SOURCES = [
  "validators",
  "metric",
  "reliability",
  "latency",
  "cost",
  "behavioral",
  "llm_judge",
] as const;

/** `llm_judges[].consensus.aggregation`. */
export const CONSENSUS_AGGREGATIONS = ["median", "mean", "majority_vote", "unanimous"] as const;

/** `challenges[].difficulty`. */
export const DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;
