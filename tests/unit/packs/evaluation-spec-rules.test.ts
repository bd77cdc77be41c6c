// docs/packs.md §3 rules, part 1: top level, validators, post-execution checks, metrics, behavioral
// signals, pricing. Each row breaks exactly one rule of the minimal valid spec (validator configs:
// evaluation-spec-configs.test.ts).
import { describe, it } from "vitest";
import { type Case, DELETE, expectErrors, v1 } from "./evaluation-spec-fixture";

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
  ["checks, metrics, behavioral, pricing", checks],
])("evaluation spec rules: %s", (_group, cases) => {
  it.each(cases)("$name", ({ patch, errors }) => {
    expectErrors(patch, errors);
  });
});
