import { describe, expect, it } from "vitest";
import {
  checkEvaluationSpec,
  decodeEvaluationSpec,
  expandDimensions,
  isEvidenceReference,
} from "@/lib/packs/evaluation-spec";
import { F, baseSpec, expectErrors, spec } from "./evaluation-spec-fixture";

const DECODE = "decode evaluation spec from yaml: decode evaluation spec: json: ";

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

  const unknownKeys: [string, Record<string, unknown>, string][] = [
    ["top level (the reference's exact message)", { judge_mdoe: "hybrid" }, 'unknown field "judge_mdoe"'],
    [
      "depth 1: inside a judge",
      { "llm_judges.0.judge_mdoe": "x" },
      'unknown field "judge_mdoe" at llm_judges[0]',
    ],
    [
      "depth 3: scorecard.normalization.latency",
      { "scorecard.normalization.latency.target_mss": 5 },
      'unknown field "target_mss" at scorecard.normalization.latency',
    ],
    [
      "depth 3: a judge's consensus",
      { "llm_judges.0.consensus.quorum": 2 },
      'unknown field "quorum" at llm_judges[0].consensus',
    ],
    [
      "inside a dimension object",
      { "scorecard.dimensions.1.wieght": 2 },
      'unknown field "wieght" at scorecard.dimensions[1]',
    ],
    [
      "inside a validator (not its config)",
      { "validators.1.confg": {} },
      'unknown field "confg" at validators[1]',
    ],
    [
      "inside runtime_limits",
      { runtime_limits: { max_tokens: 5 } },
      'unknown field "max_tokens" at runtime_limits',
    ],
    [
      "inside pricing models",
      { pricing: { models: [{ provider_key: "openai", provider_model_id: "gpt-4o", cost: 1 }] } },
      'unknown field "cost" at pricing.models[0]',
    ],
    [
      "inside behavioral signals",
      { behavioral: { signals: [{ key: "error_cascade", gated: true }] } },
      'unknown field "gated" at behavioral.signals[0]',
    ],
    [
      "inside judge_limits",
      { "scorecard.judge_limits": { max_usd: 1 } },
      'unknown field "max_usd" at scorecard.judge_limits',
    ],
  ];
  it.each(unknownKeys)("refuses an unknown key %s, naming its path", (_name, patch, message) => {
    expectErrors(patch, [["", `${DECODE}${message}`]]);
  });

  it("gives only the decode error even when the spec has other problems", () => {
    expectErrors({ name: "", validators: [], "llm_judges.0.judge_mdoe": 1 }, [
      ["", `${DECODE}unknown field "judge_mdoe" at llm_judges[0]`],
    ]);
  });

  it("reports the first problem in document order", () => {
    const raw = { name: "x", zzz: 1, version_number: "1", aaa: 2 };
    expect(checkEvaluationSpec(raw)).toEqual([{ field: F, message: `${DECODE}unknown field "zzz"` }]);
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

  const typeErrors: [string, Record<string, unknown>, string][] = [
    [
      "string where an integer is expected",
      { version_number: "1" },
      "cannot unmarshal string into version_number of type integer",
    ],
    [
      "a fraction where an integer is expected",
      { "llm_judges.0.samples": 1.5 },
      "cannot unmarshal number 1.5 into llm_judges[0].samples of type integer",
    ],
    [
      "string where a number is expected",
      { runtime_limits: { max_cost_usd: "5" } },
      "cannot unmarshal string into runtime_limits.max_cost_usd of type number",
    ],
    ["number where a string is expected", { name: 7 }, "cannot unmarshal number into name of type string"],
    [
      "string where a bool is expected",
      { "scorecard.dimensions.1.gate": "yes" },
      "cannot unmarshal string into scorecard.dimensions[1].gate of type bool",
    ],
    [
      "object where an array is expected",
      { validators: { key: "a" } },
      "cannot unmarshal object into validators of type array",
    ],
    [
      "array where an object is expected",
      { scorecard: [] },
      "cannot unmarshal array into scorecard of type object",
    ],
    [
      "a number as a dimension",
      { "scorecard.dimensions.0": 5 },
      "cannot unmarshal number into scorecard.dimensions[0] of type string or object",
    ],
    [
      "a number in a string list",
      { "llm_judges.0.context_from": ["final_output", 3] },
      "cannot unmarshal number into llm_judges[0].context_from[1] of type string",
    ],
  ];
  it.each(typeErrors)("refuses %s", (_name, patch, message) => {
    expectErrors(patch, [["", `${DECODE}${message}`]]);
  });

  it("refuses a spec that is not an object", () => {
    expect(checkEvaluationSpec(["name"])).toEqual([
      { field: F, message: `${DECODE}cannot unmarshal array into evaluation spec of type object` },
    ]);
    expect(checkEvaluationSpec("spec", "evaluation_spec")).toEqual([
      {
        field: "evaluation_spec",
        message: `${DECODE}cannot unmarshal string into evaluation spec of type object`,
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
