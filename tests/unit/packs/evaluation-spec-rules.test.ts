// docs/packs.md §3 rules, part 1: top level, validators and their configs, post-execution checks, metrics,
// behavioral signals, pricing. Each row breaks exactly one rule of the minimal valid spec.
import { describe, it } from "vitest";
import { type Case, DELETE, expectErrors } from "./evaluation-spec-fixture";

const v1 = (validator: Record<string, unknown>) => ({ "validators.1": { key: "second", ...validator } });
const typed = (type: string, config: unknown, extra: Record<string, unknown> = {}) =>
  v1({ type, target: "final_output", expected_from: "literal:x", config, ...extra });
const toolCalls = (config: unknown) => v1({ type: "tool_call_assertion", target: "tool_calls", config });
const codeExec = (config: unknown) => ({
  ...v1({ type: "code_execution", target: "file:results", config }),
  post_execution_checks: [{ key: "results", type: "file_capture", path: "/workspace/results.json" }],
});
const metric = { key: "tokens", type: "numeric", collector: "run.total_tokens" };
const signal = { key: "error_cascade", weight: 1 };
const price = {
  provider_key: "openai",
  provider_model_id: "gpt-4o-mini",
  input_cost_per_million_tokens: 0.15,
  output_cost_per_million_tokens: 0.6,
};

const topLevel: Case[] = [
  { name: "name empty", patch: { name: "  " }, errors: [["name", "is required"]] },
  {
    name: "judge_mode missing",
    patch: { judge_mode: DELETE },
    errors: [["judge_mode", "must be one of deterministic, llm_judge, hybrid"]],
  },
  {
    name: "version_number 0",
    patch: { version_number: 0 },
    errors: [["version_number", "must be greater than 0"]],
  },
  {
    name: "judge_mode unknown",
    patch: { judge_mode: "auto" },
    errors: [["judge_mode", "must be one of deterministic, llm_judge, hybrid"]],
  },
  {
    name: "no validators",
    patch: { validators: [] },
    errors: [["validators", "must contain at least one validator"]],
  },
  {
    name: "no dimensions",
    patch: { "scorecard.dimensions": [] },
    errors: [["scorecard.dimensions", "must contain at least one dimension"]],
  },
  {
    name: "strategy unknown",
    patch: { "scorecard.strategy": "mixed" },
    errors: [["scorecard.strategy", "must be one of weighted, binary, hybrid"]],
  },
  {
    name: "max_total_tokens 0",
    patch: { runtime_limits: { max_total_tokens: 0 } },
    errors: [["runtime_limits.max_total_tokens", "must be greater than 0"]],
  },
  {
    name: "max_cost_usd < 0",
    patch: { runtime_limits: { max_cost_usd: -1 } },
    errors: [["runtime_limits.max_cost_usd", "must be greater than 0"]],
  },
  {
    name: "max_duration_ms 0",
    patch: { runtime_limits: { max_duration_ms: 0 } },
    errors: [["runtime_limits.max_duration_ms", "must be greater than 0"]],
  },
  {
    name: "max_iterations 0",
    patch: { runtime_limits: { max_iterations: 0 } },
    errors: [["runtime_limits.max_iterations", "must be between 1 and 1000"]],
  },
  {
    name: "max_iterations 1001",
    patch: { runtime_limits: { max_iterations: 1001 } },
    errors: [["runtime_limits.max_iterations", "must be between 1 and 1000"]],
  },
  {
    name: "valid runtime limits",
    patch: {
      runtime_limits: {
        max_total_tokens: 1000,
        max_cost_usd: 0.5,
        max_duration_ms: 60000,
        max_iterations: 1000,
      },
    },
    errors: [],
  },
  { name: "empty strategy means weighted", patch: { "scorecard.strategy": "" }, errors: [] },
];

const validators: Case[] = [
  { name: "key empty", patch: { "validators.1.key": "" }, errors: [["validators[1].key", "is required"]] },
  {
    name: "key duplicate",
    patch: { "validators.1.key": " exact " },
    errors: [["validators[1].key", "must be unique"]],
  },
  {
    name: "type unknown",
    patch: { "validators.0.type": "fuzzy" },
    errors: [["validators[0].type", 'is not a supported validator type; did you mean "fuzzy_match"?']],
  },
  {
    name: "type unknown, nothing near: the supported types are listed",
    patch: { "validators.0.type": "banana" },
    errors: [
      [
        "validators[0].type",
        "is not a supported validator type; supported: exact_match, contains, regex_match, json_schema, json_path_match, boolean_assert, fuzzy_match, numeric_match, normalized_match, token_f1, math_equivalence, bleu_score, rouge_score, chrf_score, file_content_match, file_exists, file_json_schema, directory_structure, code_execution, tool_call_assertion, postcondition",
      ],
    ],
  },
  {
    name: "target empty",
    patch: { "validators.0.target": "" },
    errors: [["validators[0].target", "is required"]],
  },
  {
    name: "target not a reference",
    patch: { "validators.0.target": "output" },
    errors: [["validators[0].target", "must be a supported evidence reference"]],
  },
  {
    name: "tool_call_assertion target",
    patch: v1({ type: "tool_call_assertion", target: "final_output", config: { tool_name: "search" } }),
    errors: [["validators[1].target", 'must be "tool_calls" for tool_call_assertion validators']],
  },
  {
    name: "file validator without file:",
    patch: v1({ type: "file_exists", target: "final_output" }),
    errors: [["validators[1].target", "must use file: prefix for file validators"]],
  },
  {
    name: "file validator, no checks declared",
    patch: v1({ type: "file_exists", target: "file:report" }),
    errors: [],
  },
  {
    name: "file: target, checks declared, key unknown",
    patch: {
      ...v1({ type: "file_content_match", target: "file:missing", expected_from: "literal:ok" }),
      post_execution_checks: [{ key: "report", type: "file_capture", path: "/r.txt" }],
    },
    errors: [["validators[1].target", 'references unknown post_execution_check key "missing"']],
  },
  {
    name: "code_execution target unknown check",
    patch: v1({ type: "code_execution", target: "file:results", config: { test_command: "pytest" } }),
    errors: [["validators[1].target", 'references unknown post_execution_check key "results"']],
  },
  {
    name: "code_execution target a directory listing",
    patch: {
      ...v1({ type: "code_execution", target: "file:tree", config: { test_command: "pytest" } }),
      post_execution_checks: [{ key: "tree", type: "directory_listing", path: "/out" }],
    },
    errors: [["validators[1].target", "must reference a file_capture post_execution_check"]],
  },
  {
    name: "expected_from empty",
    patch: { "validators.0.expected_from": "" },
    errors: [["validators[0].expected_from", "is required"]],
  },
  {
    name: "expected_from not a reference",
    patch: { "validators.0.expected_from": "answer" },
    errors: [["validators[0].expected_from", "must be a supported evidence reference"]],
  },
  {
    name: "expected_from on tool_call_assertion",
    patch: v1({
      type: "tool_call_assertion",
      target: "tool_calls",
      expected_from: "literal:x",
      config: { tool_name: "search" },
    }),
    errors: [["validators[1].expected_from", "must be omitted for tool_call_assertion validators"]],
  },
  {
    name: "expected_from on postcondition",
    patch: v1({
      type: "postcondition",
      target: "final_output",
      expected_from: "literal:x",
      config: { condition: "equals", value: 1 },
    }),
    errors: [["validators[1].expected_from", "must be omitted for postcondition validators"]],
  },
  {
    name: "expected_from on file_json_schema, not a reference",
    patch: v1({ type: "file_json_schema", target: "file:r", expected_from: "schema" }),
    errors: [["validators[1].expected_from", "must be a supported evidence reference"]],
  },
];

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

const checks: Case[] = [
  {
    name: "check key empty",
    patch: { post_execution_checks: [{ key: "", type: "file_capture", path: "/a" }] },
    errors: [["post_execution_checks[0].key", "is required"]],
  },
  {
    name: "check key duplicate",
    patch: {
      post_execution_checks: [
        { key: "a", type: "file_capture", path: "/a" },
        { key: "a", type: "directory_listing", path: "/b" },
      ],
    },
    errors: [["post_execution_checks[1].key", "must be unique"]],
  },
  {
    name: "check type unknown",
    patch: { post_execution_checks: [{ key: "a", type: "file", path: "/a" }] },
    errors: [["post_execution_checks[0].type", "must be file_capture or directory_listing"]],
  },
  {
    name: "check path empty",
    patch: { post_execution_checks: [{ key: "a", type: "file_capture" }] },
    errors: [["post_execution_checks[0].path", "is required"]],
  },
  {
    name: "check max_size_bytes < 0",
    patch: {
      post_execution_checks: [
        { key: "a", type: "directory_listing", path: "/", recursive: true, max_size_bytes: -1 },
      ],
    },
    errors: [["post_execution_checks[0].max_size_bytes", "must be greater than or equal to 0"]],
  },
  {
    name: "metric key empty",
    patch: { metrics: [{ ...metric, key: "" }] },
    errors: [["metrics[0].key", "is required"]],
  },
  {
    name: "metric key duplicate",
    patch: { metrics: [metric, { ...metric, type: "text" }] },
    errors: [["metrics[1].key", "must be unique"]],
  },
  {
    name: "metric type unknown",
    patch: { metrics: [{ ...metric, type: "float" }] },
    errors: [["metrics[0].type", "is not a supported metric type"]],
  },
  {
    name: "metric collector empty",
    patch: { metrics: [{ ...metric, collector: "" }] },
    errors: [["metrics[0].collector", "is required"]],
  },
  {
    name: "metric collector unsupported",
    patch: { metrics: [{ ...metric, collector: "behavioral_confidence_calibration_score" }] },
    errors: [["metrics[0].collector", "is not supported until confidence reporting lands"]],
  },
  {
    name: "behavioral without signals",
    patch: { behavioral: { signals: [] } },
    errors: [["behavioral.signals", "must contain at least one signal"]],
  },
  {
    name: "signal key unknown",
    patch: { behavioral: { signals: [{ ...signal, key: "vibes" }] } },
    errors: [
      [
        "behavioral.signals[0].key",
        "must be one of recovery_behavior, exploration_efficiency, error_cascade, scope_adherence, confidence_calibration",
      ],
    ],
  },
  {
    name: "signal key duplicate",
    patch: { behavioral: { signals: [signal, signal] } },
    errors: [["behavioral.signals[1].key", "must be unique"]],
  },
  {
    name: "signal confidence_calibration",
    patch: { behavioral: { signals: [{ ...signal, key: "confidence_calibration" }] } },
    errors: [["behavioral.signals[0].key", "is not supported until confidence reporting lands"]],
  },
  {
    name: "signal weight 0",
    patch: { behavioral: { signals: [{ ...signal, weight: 0 }] } },
    errors: [["behavioral.signals[0].weight", "must be greater than 0"]],
  },
  {
    name: "gated signal without pass_threshold",
    patch: { behavioral: { signals: [{ ...signal, gate: true }] } },
    errors: [["behavioral.signals[0].pass_threshold", "is required when the signal is gated"]],
  },
  {
    name: "signal pass_threshold > 1",
    patch: { behavioral: { signals: [{ ...signal, pass_threshold: 1.5 }] } },
    errors: [["behavioral.signals[0].pass_threshold", "must be between 0 and 1"]],
  },
  {
    name: "pricing provider_key empty",
    patch: { pricing: { models: [{ ...price, provider_key: "" }] } },
    errors: [["pricing.models[0].provider_key", "is required"]],
  },
  {
    name: "pricing provider_model_id empty",
    patch: { pricing: { models: [{ ...price, provider_model_id: " " }] } },
    errors: [["pricing.models[0].provider_model_id", "is required"]],
  },
  {
    name: "pricing input cost < 0",
    patch: { pricing: { models: [{ ...price, input_cost_per_million_tokens: -1 }] } },
    errors: [["pricing.models[0].input_cost_per_million_tokens", "must be greater than or equal to 0"]],
  },
  {
    name: "pricing output cost < 0",
    patch: { pricing: { models: [{ ...price, output_cost_per_million_tokens: -1 }] } },
    errors: [["pricing.models[0].output_cost_per_million_tokens", "must be greater than or equal to 0"]],
  },
  {
    name: "pricing duplicate",
    patch: { pricing: { models: [price, { ...price, input_cost_per_million_tokens: 1 }] } },
    errors: [["pricing.models[1]", "must be unique by provider_key and provider_model_id"]],
  },
  {
    name: "valid checks, metrics, behavioral, pricing",
    patch: {
      post_execution_checks: [{ key: "a", type: "file_capture", path: "/a", max_size_bytes: 0 }],
      metrics: [metric],
      behavioral: { signals: [{ ...signal, gate: true, pass_threshold: 0.5 }, { key: "scope_adherence" }] },
      pricing: { models: [price] },
    },
    errors: [],
  },
];

describe.each([
  ["top level", topLevel],
  ["validators", validators],
  ["validator configs", configs],
  ["checks, metrics, behavioral, pricing", checks],
])("evaluation spec rules: %s", (_group, cases) => {
  it.each(cases)("$name", ({ patch, errors }) => {
    expectErrors(patch, errors);
  });
});
