// docs/packs.md §3 rules, part 1b: the config of each validator type. Each row breaks exactly one
// rule of the minimal valid spec.
import { describe, it } from "vitest";
import { type Case, expectErrors, v1 } from "./evaluation-spec-fixture";

const typed = (type: string, config: unknown, extra: Record<string, unknown> = {}) =>
  v1({ type, target: "final_output", expected_from: "literal:x", config, ...extra });
const toolCalls = (config: unknown) => v1({ type: "tool_call_assertion", target: "tool_calls", config });
const codeExec = (config: unknown) => ({
  ...v1({ type: "code_execution", target: "file:results", config }),
  post_execution_checks: [{ key: "results", type: "file_capture", path: "/workspace/results.json" }],
});

const configs: Case[] = [
  {
    name: "fuzzy_match threshold > 1",
    patch: typed("fuzzy_match", { threshold: 1.5 }),
    errors: [["validators[1].config.threshold", "must be between 0 and 1"]],
  },
  {
    name: "token_f1 threshold < 0",
    patch: typed("token_f1", { threshold: -0.1 }),
    errors: [["validators[1].config.threshold", "must be between 0 and 1"]],
  },
  {
    name: "fuzzy_match threshold a string",
    patch: typed("fuzzy_match", { threshold: "high" }),
    errors: [
      [
        "validators[1].config",
        'invalid JSON: config.threshold: expected a number, got the text "high"',
      ],
    ],
  },
  {
    name: "fuzzy_match config not an object",
    patch: typed("fuzzy_match", "0.8"),
    errors: [
      ["validators[1].config", 'invalid JSON: expected a mapping of settings, got the text "0.8"'],
    ],
  },
  {
    name: "numeric_match absolute_tolerance < 0",
    patch: typed("numeric_match", { absolute_tolerance: -1 }),
    errors: [["validators[1].config.absolute_tolerance", "must be greater than or equal to 0"]],
  },
  {
    name: "numeric_match relative_tolerance < 0",
    patch: typed("numeric_match", { relative_tolerance: -0.5 }),
    errors: [["validators[1].config.relative_tolerance", "must be greater than or equal to 0"]],
  },
  {
    name: "numeric_match tolerance < 0",
    patch: typed("numeric_match", { tolerance_mode: "absolute", tolerance: -1 }),
    errors: [["validators[1].config.tolerance", "must be greater than or equal to 0"]],
  },
  {
    name: "numeric_match significant_digits 0",
    patch: typed("numeric_match", { significant_digits: 0 }),
    errors: [["validators[1].config.significant_digits", "must be greater than 0"]],
  },
  {
    name: "numeric_match mixed tolerances",
    patch: typed("numeric_match", { absolute_tolerance: 0.1, tolerance_mode: "relative", tolerance: 0.01 }),
    errors: [
      [
        "validators[1].config",
        "cannot mix tolerance_mode/tolerance with absolute_tolerance/relative_tolerance",
      ],
    ],
  },
  {
    name: "numeric_match tolerance_mode unknown",
    patch: typed("numeric_match", { tolerance_mode: "percent" }),
    errors: [["validators[1].config", 'tolerance_mode must be either "absolute" or "relative"']],
  },
  {
    name: "normalized_match unknown step",
    patch: typed("normalized_match", { pipeline: ["trim", "shout"] }),
    errors: [["validators[1].config.pipeline[1]", '"shout" is not a supported normalization step']],
  },
  {
    name: "normalized_match unknown step (normalizations)",
    patch: typed("normalized_match", { normalizations: ["yell"] }),
    errors: [["validators[1].config.normalizations[0]", '"yell" is not a supported normalization step']],
  },
  {
    name: "normalized_match mixed",
    patch: typed("normalized_match", { pipeline: ["trim"], normalizations: ["lowercase"] }),
    errors: [["validators[1].config", "cannot mix pipeline with normalizations"]],
  },
  {
    name: "normalized_match unknown key",
    patch: typed("normalized_match", { pipeline: ["trim"], bogus: true }),
    errors: [
      [
        "validators[1].config",
        'invalid JSON: unknown field "bogus"; the fields allowed here are pipeline, normalizations',
      ],
    ],
  },
  {
    name: "math_equivalence comparison_mode",
    patch: typed("math_equivalence", { comparison_mode: "fuzzy" }),
    errors: [["validators[1].config.comparison_mode", 'must be "symbolic" or "numeric"']],
  },
  {
    name: "bleu max_ngram 0",
    patch: typed("bleu_score", { max_ngram: 0 }),
    errors: [["validators[1].config.max_ngram", "must be greater than 0"]],
  },
  {
    name: "bleu smoothing",
    patch: typed("bleu_score", { smoothing: "method7" }),
    errors: [["validators[1].config.smoothing", 'must be "none" or "method1"']],
  },
  {
    name: "bleu threshold",
    patch: typed("bleu_score", { threshold: 2 }),
    errors: [["validators[1].config.threshold", "must be between 0 and 1"]],
  },
  {
    name: "rouge variant",
    patch: typed("rouge_score", { variant: "rouge-3" }),
    errors: [["validators[1].config.variant", 'must be "rouge-1", "rouge-2", or "rouge-l"']],
  },
  {
    name: "rouge beta",
    patch: typed("rouge_score", { beta: 0 }),
    errors: [["validators[1].config.beta", "must be greater than 0"]],
  },
  {
    name: "chrf char_order",
    patch: typed("chrf_score", { char_order: 0 }),
    errors: [["validators[1].config.char_order", "must be greater than 0"]],
  },
  {
    name: "chrf beta",
    patch: typed("chrf_score", { beta: -1 }),
    errors: [["validators[1].config.beta", "must be greater than 0"]],
  },
  {
    name: "chrf threshold",
    patch: typed("chrf_score", { threshold: -1 }),
    errors: [["validators[1].config.threshold", "must be between 0 and 1"]],
  },
  {
    name: "valid configs of every checked type",
    patch: {
      validators: [
        {
          key: "a",
          type: "fuzzy_match",
          target: "final_output",
          expected_from: "literal:x",
          config: { threshold: 0.8, algorithm: "levenshtein" },
        },
        {
          key: "b",
          type: "numeric_match",
          target: "final_output",
          expected_from: "literal:4",
          config: { tolerance_mode: "absolute", tolerance: 0.5 },
        },
        {
          key: "c",
          type: "normalized_match",
          target: "final_output",
          expected_from: "literal:x",
          config: { pipeline: ["trim", "remove_articles", "sort_lines"] },
        },
        {
          key: "d",
          type: "bleu_score",
          target: "final_output",
          expected_from: "literal:x",
          config: { max_ngram: 4, smoothing: "method1", threshold: 0.3 },
        },
        {
          key: "e",
          type: "rouge_score",
          target: "final_output",
          expected_from: "literal:x",
          config: { variant: "rouge-l", beta: 1.2 },
        },
        {
          key: "f",
          type: "math_equivalence",
          target: "final_output",
          expected_from: "literal:x",
          config: { comparison_mode: "symbolic" },
        },
      ],
    },
    errors: [],
  },
  {
    name: "code_execution test_command missing",
    patch: codeExec({ timeout_ms: 1000 }),
    errors: [["validators[1].config.test_command", "is required"]],
  },
  {
    name: "code_execution without config",
    patch: codeExec(null),
    errors: [["validators[1].config.test_command", "is required"]],
  },
  {
    name: "code_execution timeout_ms 0",
    patch: codeExec({ test_command: "pytest", timeout_ms: 0 }),
    errors: [["validators[1].config.timeout_ms", "must be greater than 0"]],
  },
  {
    name: "code_execution scoring unknown",
    patch: codeExec({ test_command: "pytest", scoring: "best" }),
    errors: [["validators[1].config.scoring", "must be one of fraction_passed, all_or_nothing, pass_at_k"]],
  },
  {
    name: "code_execution pass_at_k",
    patch: codeExec({ test_command: "pytest", scoring: "pass_at_k" }),
    errors: [
      ["validators[1].config.scoring", "pass_at_k requires multi-sample execution and is not supported yet"],
    ],
  },
  {
    name: "code_execution pass_threshold",
    patch: codeExec({ test_command: "pytest", pass_threshold: 1.5 }),
    errors: [["validators[1].config.pass_threshold", "must be between 0 and 1"]],
  },
  {
    name: "code_execution unknown key",
    patch: codeExec({ test_command: "pytest", image: "python" }),
    errors: [
      [
        "validators[1].config",
        'invalid JSON: unknown field "image"; the fields allowed here are test_command, timeout_ms, scoring, pass_threshold',
      ],
    ],
  },
  {
    name: "code_execution valid",
    patch: codeExec({
      test_command: "pytest {{ case.file }}",
      timeout_ms: 5000,
      scoring: "all_or_nothing",
      pass_threshold: 1,
    }),
    errors: [],
  },
  {
    name: "tool_call_assertion without config",
    patch: toolCalls(null),
    errors: [["validators[1].config", "tool_call_assertion config is required"]],
  },
  {
    name: "tool_call_assertion empty config",
    patch: toolCalls({}),
    errors: [["validators[1].config", "must declare at least one tool call assertion"]],
  },
  {
    name: "tool_call_assertion count < 0",
    patch: toolCalls({ count: -1 }),
    errors: [["validators[1].config.count", "must be greater than or equal to 0"]],
  },
  {
    name: "tool_call_assertion min_count < 0",
    patch: toolCalls({ min_count: -1 }),
    errors: [["validators[1].config.min_count", "must be greater than or equal to 0"]],
  },
  {
    name: "tool_call_assertion max_count < 0",
    patch: toolCalls({ max_count: -2 }),
    errors: [["validators[1].config.max_count", "must be greater than or equal to 0"]],
  },
  {
    name: "tool_call_assertion count with min_count",
    patch: toolCalls({ count: 1, min_count: 1 }),
    errors: [["validators[1].config.count", "cannot be combined with min_count or max_count"]],
  },
  {
    name: "tool_call_assertion min > max",
    patch: toolCalls({ min_count: 3, max_count: 1 }),
    errors: [["validators[1].config.min_count", "must be less than or equal to max_count"]],
  },
  {
    name: "must_call true, count 0",
    patch: toolCalls({ must_call: true, count: 0 }),
    errors: [["validators[1].config.must_call", "cannot be true when count is 0"]],
  },
  {
    name: "must_call true, max_count 0",
    patch: toolCalls({ must_call: true, max_count: 0 }),
    errors: [["validators[1].config.must_call", "cannot be true when max_count is 0"]],
  },
  {
    name: "must_call false, count 2",
    patch: toolCalls({ must_call: false, count: 2 }),
    errors: [["validators[1].config.must_call", "cannot be false when count is greater than 0"]],
  },
  {
    name: "must_call false, min_count 1",
    patch: toolCalls({ must_call: false, min_count: 1 }),
    errors: [["validators[1].config.must_call", "cannot be false when min_count is greater than 0"]],
  },
  {
    name: "arguments_contain not an object",
    patch: toolCalls({ tool_name: "search", arguments_contain: ["q"] }),
    errors: [["validators[1].config.arguments_contain", "must be a JSON object"]],
  },
  {
    name: "ordered_tools with an empty name",
    patch: toolCalls({ ordered_tools: ["search", " "] }),
    errors: [["validators[1].config.ordered_tools[1]", "must not be empty"]],
  },
  {
    name: "order_mode unknown",
    patch: toolCalls({ ordered_tools: ["a", "b"], order_mode: "loose" }),
    errors: [["validators[1].config.order_mode", 'must be "subsequence" or "exact"']],
  },
  {
    name: "order_mode without ordered_tools",
    patch: toolCalls({ tool_name: "search", order_mode: "exact" }),
    errors: [["validators[1].config.ordered_tools", "is required when order_mode is set"]],
  },
  {
    name: "tool_call_assertion unknown key",
    patch: toolCalls({ tool: "search" }),
    errors: [["validators[1].config", 'invalid JSON: unknown field "tool"; did you mean "tool_name"?']],
  },
  {
    name: "tool_call_assertion valid",
    patch: toolCalls({
      tool_name: "search",
      must_call: true,
      min_count: 1,
      max_count: 3,
      arguments_contain: { q: "refund" },
      ordered_tools: ["search", "answer"],
      order_mode: "exact",
    }),
    errors: [],
  },
  {
    name: "postcondition without config",
    patch: v1({ type: "postcondition", target: "final_output" }),
    errors: [["validators[1].config", "is required"]],
  },
  {
    name: "postcondition unknown key",
    patch: v1({ type: "postcondition", target: "final_output", config: { condition: "eq", expected: 1 } }),
    errors: [
      [
        "validators[1].config",
        'invalid JSON: unknown field "expected"; the fields allowed here are condition, value, json_path',
      ],
    ],
  },
];

describe("evaluation spec rules: validator configs", () => {
  it.each(configs)("$name", ({ patch, errors }) => {
    expectErrors(patch, errors);
  });
});
