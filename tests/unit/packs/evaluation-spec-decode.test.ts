import { describe, expect, it } from "vitest";
import {
  checkEvaluationSpec,
  decodeEvaluationSpec,
  expandDimensions,
  isEvidenceReference,
} from "@/lib/packs/evaluation-spec";
import { F, baseSpec, expectErrors, spec } from "./evaluation-spec-fixture";

// Decode errors name where they were found (the field) and speak plain words: an unknown key keeps
// the reference's `unknown field "x"` and adds the key meant or the keys allowed there.
const GO_TEXT = /json: |unmarshal|of type |decode evaluation spec/;

describe("evaluation spec: strict decode", () => {
  it("accepts the minimal valid spec", () => {
    expect(checkEvaluationSpec(baseSpec())).toEqual([]);
  });

  it("requires the spec: an absent or empty one is refused like an empty spec, name first", () => {
    const required = [
      { field: "version.evaluation_spec.name", message: "is required" },
      { field: "version.evaluation_spec.version_number", message: "must be greater than 0" },
      {
        field: "version.evaluation_spec.judge_mode",
        message: "must be one of deterministic, llm_judge, hybrid",
      },
      { field: "version.evaluation_spec.validators", message: "must contain at least one validator" },
      {
        field: "version.evaluation_spec.scorecard.dimensions",
        message: "must contain at least one dimension",
      },
    ];
    expect(checkEvaluationSpec(undefined)).toEqual(required);
    expect(checkEvaluationSpec(null)).toEqual(required);
    expect(checkEvaluationSpec({})).toEqual(required);
    expect(decodeEvaluationSpec({})).toEqual({});
  });

  const unknownKeys: [string, Record<string, unknown>, string, string][] = [
    [
      "top level (the reference's words, and the key meant)",
      { judge_mdoe: "hybrid" },
      "",
      'unknown field "judge_mdoe"; did you mean "judge_mode"?',
    ],
    ["judges for llm_judges", { judges: [] }, "", 'unknown field "judges"; did you mean "llm_judges"?'],
    ["validator for validators", { validator: [] }, "", 'unknown field "validator"; did you mean "validators"?'],
    [
      "depth 1: inside a judge, with no near key",
      { "llm_judges.0.judge_mdoe": "x" },
      "llm_judges[0]",
      'unknown field "judge_mdoe"; the fields allowed here are mode, key, model, models, samples, context_from, output_schema, score_scale, rubric, assertion, expect, prompt, position_debiasing, reference_from, consensus, anti_gaming_clauses, timeout_ms',
    ],
    [
      "depth 3: scorecard.normalization.latency",
      { "scorecard.normalization.latency.target_mss": 5 },
      "scorecard.normalization.latency",
      'unknown field "target_mss"; did you mean "target_ms"?',
    ],
    [
      "depth 3: a judge's consensus",
      { "llm_judges.0.consensus.quorum": 2 },
      "llm_judges[0].consensus",
      'unknown field "quorum"; the fields allowed here are aggregation, min_agreement_threshold, flag_on_disagreement',
    ],
    [
      "inside a dimension object",
      { "scorecard.dimensions.1.wieght": 2 },
      "scorecard.dimensions[1]",
      'unknown field "wieght"; did you mean "weight"?',
    ],
    [
      "inside a validator (not its config)",
      { "validators.1.confg": {} },
      "validators[1]",
      'unknown field "confg"; did you mean "config"?',
    ],
    [
      "inside runtime_limits (a known alias)",
      { runtime_limits: { max_tokens: 5 } },
      "runtime_limits",
      'unknown field "max_tokens"; did you mean "max_total_tokens"?',
    ],
    [
      "inside pricing models",
      { pricing: { models: [{ provider_key: "openai", provider_model_id: "gpt-4o", cost: 1 }] } },
      "pricing.models[0]",
      'unknown field "cost"; the fields allowed here are provider_key, provider_model_id, input_cost_per_million_tokens, output_cost_per_million_tokens',
    ],
    [
      "inside behavioral signals",
      { behavioral: { signals: [{ key: "error_cascade", gated: true }] } },
      "behavioral.signals[0]",
      'unknown field "gated"; did you mean "gate"?',
    ],
    [
      "inside judge_limits",
      { "scorecard.judge_limits": { max_usd: 1 } },
      "scorecard.judge_limits",
      'unknown field "max_usd"; the fields allowed here are max_samples_per_judge, max_calls_usd, max_tokens',
    ],
  ];
  it.each(unknownKeys)("refuses an unknown key %s, naming its path", (_name, patch, field, message) => {
    const [error] = expectErrors(patch, [[field, message]]);
    expect(error?.message).not.toMatch(GO_TEXT);
  });

  it("gives only the decode error even when the spec has other problems", () => {
    expectErrors({ name: "", validators: [], "llm_judges.0.judge_mdoe": 1 }, [
      ["llm_judges[0]", /^unknown field "judge_mdoe"; the fields allowed here are mode, /],
    ]);
  });

  it("reports the first problem in document order", () => {
    const raw = { name: "x", zzz: 1, version_number: "1", aaa: 2 };
    expect(checkEvaluationSpec(raw)).toEqual([
      {
        field: F,
        message:
          'unknown field "zzz"; the fields allowed here are name, version_number, judge_mode, validators, metrics, behavioral, llm_judges, post_execution_checks, runtime_limits, pricing, scorecard',
      },
    ]);
  });

  it("does not refuse keys inside validators[].config and llm_judges[].output_schema", () => {
    const patch = {
      "validators.0.config": { case_sensitive: false, anything: { nested: [1, { deep: true }] } },
      "llm_judges.0.output_schema": {
        type: "object",
        properties: { score: { type: "number" }, judge_mdoe: { type: "string" } },
        "x-custom": 1,
      },
    };
    expectErrors(patch, []);
  });

  const typeErrors: [string, Record<string, unknown>, string, string][] = [
    [
      "string where an integer is expected",
      { version_number: "1" },
      "version_number",
      'expected a whole number, got the text "1"',
    ],
    [
      "a fraction where an integer is expected",
      { "llm_judges.0.samples": 1.5 },
      "llm_judges[0].samples",
      "expected a whole number, got the number 1.5",
    ],
    [
      "string where a number is expected",
      { runtime_limits: { max_cost_usd: "5" } },
      "runtime_limits.max_cost_usd",
      'expected a number, got the text "5"',
    ],
    ["number where a string is expected", { name: 7 }, "name", "expected text, got the number 7"],
    [
      "string where a bool is expected",
      { "scorecard.dimensions.1.gate": "yes" },
      "scorecard.dimensions[1].gate",
      'expected true or false, got the text "yes"',
    ],
    [
      "object where an array is expected",
      { validators: { key: "a" } },
      "validators",
      "expected a list of mappings (key, type, target, expected_from, …), got a mapping",
    ],
    [
      "array where an object is expected",
      { scorecard: [] },
      "scorecard",
      "expected a mapping (dimensions, normalization, strategy, pass_threshold, …), got a list",
    ],
    [
      "a number as a dimension",
      { "scorecard.dimensions.0": 5 },
      "scorecard.dimensions[0]",
      "expected a dimension name or a mapping (key, source, validators, metric, …), got the number 5",
    ],
    [
      "a number in a string list",
      { "llm_judges.0.context_from": ["final_output", 3] },
      "llm_judges[0].context_from[1]",
      "expected text, got the number 3",
    ],
  ];
  it.each(typeErrors)("refuses %s, naming the field", (_name, patch, field, message) => {
    const [error] = expectErrors(patch, [[field, message]]);
    expect(error?.message).not.toMatch(GO_TEXT);
  });

  it("refuses a spec that is not an object", () => {
    expect(checkEvaluationSpec(["name"])).toEqual([
      { field: F, message: "expected a mapping (name, version_number, judge_mode, validators, …), got a list" },
    ]);
    expect(checkEvaluationSpec("spec", "evaluation_spec")).toEqual([
      {
        field: "evaluation_spec",
        message: 'expected a mapping (name, version_number, judge_mode, validators, …), got the text "spec"',
      },
    ]);
  });

  it("drops nulls as Go leaves fields unset, and returns the decoded spec", () => {
    const decoded = decodeEvaluationSpec(spec({ runtime_limits: null, "llm_judges.0.timeout_ms": null }));
    expect(decoded.error).toBeUndefined();
    expect(decoded.spec?.runtime_limits).toBeUndefined();
    expect(decoded.spec?.llm_judges?.[0]).toEqual(
      baseSpec().llm_judges && (baseSpec().llm_judges as unknown[])[0],
    );
  });

  it("names the prefix it is given", () => {
    expect(checkEvaluationSpec(spec({ name: "" }), "evaluation_spec")).toEqual([
      { field: "evaluation_spec.name", message: "is required" },
    ]);
  });
});

describe("evidence references", () => {
  const accepted = [
    "final_output",
    "run.final_output",
    "challenge_input",
    "case.payload",
    "case.payload.x",
    "case.payload.a.b",
    "case.inputs.question",
    "case.expectations.answer",
    "artifact.report",
    "file:out",
    "literal:anything at all",
    "literal:",
    "transcript.full",
    "transcript.from_mismatch",
    "turn.expectations",
    "transcript.last_n:3",
  ];
  const refused = [
    "foo",
    "transcript.last_n:0",
    "transcript.last_n:-1",
    "transcript.last_n:x",
    "transcript.last_n:",
    "case.payload.",
    "case.payload..x",
    "case.inputs",
    "artifact",
    "file:",
    "tool_calls",
    "Final_output",
  ];
  it.each(accepted)("accepts %s as expected_from", (ref) => {
    expect(isEvidenceReference(ref)).toBe(true);
    expectErrors({ "validators.0.expected_from": ref }, []);
  });
  it.each(refused)("refuses %s as expected_from", (ref) => {
    expect(isEvidenceReference(ref)).toBe(false);
    expectErrors({ "validators.0.expected_from": ref }, [
      ["validators[0].expected_from", "must be a supported evidence reference"],
    ]);
  });
});

describe("expandDimensions", () => {
  it("expands bare names to their sources and fills defaults", () => {
    const decoded = decodeEvaluationSpec(
      spec({
        runtime_limits: { max_duration_ms: 30000, max_cost_usd: 2 },
        "scorecard.normalization": { latency: { target_ms: 1000 }, cost: { target_usd: 0.01, max_usd: 0.5 } },
        "scorecard.dimensions": [
          "correctness",
          "reliability",
          " latency ",
          "cost",
          "behavioral",
          { key: " tone ", source: "llm_judge", judge_key: "tone", weight: 2 },
        ],
      }),
    );
    expect(expandDimensions(decoded.spec!)).toEqual([
      {
        key: "correctness",
        source: "validators",
        validators: [],
        better_direction: "higher",
        weight: 1,
        gate: false,
      },
      {
        key: "reliability",
        source: "reliability",
        validators: [],
        better_direction: "higher",
        weight: 1,
        gate: false,
      },
      {
        key: "latency",
        source: "latency",
        validators: [],
        better_direction: "lower",
        normalization: { target: 1000, max: 30000 },
        weight: 1,
        gate: false,
      },
      {
        key: "cost",
        source: "cost",
        validators: [],
        better_direction: "lower",
        normalization: { target: 0.01, max: 0.5 },
        weight: 1,
        gate: false,
      },
      {
        key: "behavioral",
        source: "behavioral",
        validators: [],
        better_direction: "higher",
        weight: 1,
        gate: false,
      },
      {
        key: "tone",
        source: "llm_judge",
        validators: [],
        better_direction: "higher",
        weight: 2,
        judge_key: "tone",
        gate: false,
      },
    ]);
  });
});
