// The validator types of an evaluation spec (docs/packs.md §3), named once: the spec validator
// accepts all of them, text runs apply the deterministic ones (lib/packs/validators), and the
// others need a sandbox provider.

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

/** The validator types that read files, run code or inspect tool calls: they need a sandbox. */
export const SANDBOX_VALIDATOR_TYPES = [
  "file_content_match",
  "file_exists",
  "file_json_schema",
  "directory_structure",
  "code_execution",
  "tool_call_assertion",
  "postcondition",
] as const;

/** Every validator type a spec may declare. */
export const VALIDATOR_TYPES = [...DETERMINISTIC_VALIDATOR_TYPES, ...SANDBOX_VALIDATOR_TYPES] as const;
