// docs/packs.md §3 rules, part 2b: scorecard dimensions and strategy. Each row breaks exactly one
// rule of the minimal valid spec (or shows a valid variant).
import { describe, it } from "vitest";
import { assertion, type Case, expectErrors } from "./evaluation-spec-fixture";

const dim = (i: number, d: Record<string, unknown> | string) => ({ [`scorecard.dimensions.${i}`]: d });
/** A third dimension on a metric (key "m") or on latency (key "lat"). */
const metricDim = (d: Record<string, unknown>) => dim(2, { key: "m", source: "metric", ...d });
const latencyDim = (d: Record<string, unknown>) => dim(2, { key: "lat", source: "latency", ...d });
const NEEDS_THRESHOLD = "is required when the dimension is gated or strategy is binary";
const TOKENS_METRIC = { metrics: [{ key: "tokens", type: "numeric", collector: "run.total_tokens" }] };

const scorecard: Case[] = [
  {
    name: "dimension key empty",
    patch: dim(1, { key: "", source: "llm_judge", judge_key: "tone" }),
    errors: [["scorecard.dimensions[1].key", "is required"]],
  },
  {
    name: "dimension duplicate",
    patch: dim(2, { key: "correctness", source: "validators" }),
    errors: [["scorecard.dimensions[2]", "must be unique"]],
  },
  {
    name: "bare name unknown",
    patch: dim(2, "vibes"),
    errors: [["scorecard.dimensions[2]", "is not a supported scorecard dimension"]],
  },
  {
    name: "an object keyed by a bare name takes its source (valid)",
    patch: dim(0, { key: "correctness", weight: 2 }),
    errors: [],
  },
  {
    name: "an object with neither source nor a bare-name key",
    patch: dim(2, { key: "style" }),
    errors: [
      [
        "scorecard.dimensions[2].source",
        "must be one of validators, metric, reliability, latency, cost, behavioral, llm_judge",
      ],
    ],
  },
  {
    name: "source unknown",
    patch: dim(2, { key: "x", source: "magic" }),
    errors: [
      [
        "scorecard.dimensions[2].source",
        "must be one of validators, metric, reliability, latency, cost, behavioral, llm_judge",
      ],
    ],
  },
  {
    name: "validators references an unknown key",
    patch: dim(2, { key: "strict", source: "validators", validators: ["exact", "nope"] }),
    errors: [["scorecard.dimensions[2].validators[1]", 'references unknown validator key "nope"']],
  },
  {
    name: "metric source without metric",
    patch: metricDim({ better_direction: "lower", normalization: { target: 100, max: 1000 } }),
    errors: [["scorecard.dimensions[2].metric", "is required when source is metric"]],
  },
  {
    name: "metric unknown",
    patch: metricDim({
      metric: "tokens",
      better_direction: "lower",
      normalization: { target: 100, max: 1000 },
    }),
    errors: [["scorecard.dimensions[2].metric", 'references unknown metric key "tokens"']],
  },
  {
    name: "metric without normalization",
    patch: { ...metricDim({ metric: "tokens" }), ...TOKENS_METRIC },
    errors: [["scorecard.dimensions[2].normalization", "is required when source is metric"]],
  },
  {
    name: "bare latency without any normalization",
    patch: dim(2, "latency"),
    errors: [["scorecard.dimensions[2].normalization", "is required when source is latency"]],
  },
  {
    name: "bare cost without any normalization",
    patch: dim(2, "cost"),
    errors: [["scorecard.dimensions[2].normalization", "is required when source is cost"]],
  },
  {
    name: "bare latency and cost with scorecard normalization (valid)",
    patch: {
      ...dim(2, "latency"),
      ...dim(3, "cost"),
      "scorecard.normalization": {
        latency: { target_ms: 1000, max_ms: 10000 },
        cost: { target_usd: 0.01, max_usd: 0.1 },
      },
    },
    errors: [],
  },
  {
    name: "behavioral dimension without behavioral block",
    patch: dim(2, "behavioral"),
    errors: [["behavioral", "is required when a scorecard dimension uses source behavioral"]],
  },
  {
    name: "behavioral dimension with block (valid)",
    patch: { ...dim(2, "behavioral"), behavioral: { signals: [{ key: "recovery_behavior", weight: 1 }] } },
    errors: [],
  },
  {
    name: "llm_judge without judge_key",
    patch: dim(1, { key: "tone", source: "llm_judge" }),
    errors: [["scorecard.dimensions[1].judge_key", "is required when source is llm_judge"]],
  },
  {
    name: "judge_key unknown",
    patch: { "scorecard.dimensions.1.judge_key": "style" },
    errors: [["scorecard.dimensions[1].judge_key", 'references unknown judge key "style"']],
  },
  {
    // Every judge mode feeds a dimension: an assertion judge scores 0 or 1.
    name: "judge_key names an assertion judge",
    patch: { ...assertion(), "scorecard.dimensions.1.judge_key": "safe" },
    errors: [],
  },
  {
    name: "judge_key on another source",
    patch: dim(2, { key: "strict", source: "validators", judge_key: "tone" }),
    errors: [["scorecard.dimensions[2].judge_key", "must be empty unless source is llm_judge"]],
  },
  {
    name: "better_direction lower on llm_judge",
    patch: { "scorecard.dimensions.1.better_direction": "lower" },
    errors: [
      ["scorecard.dimensions[1].better_direction", 'must be "higher" for llm_judge source (got "lower")'],
    ],
  },
  {
    name: "better_direction lower on validators",
    patch: dim(0, { key: "correctness", source: "validators", better_direction: "lower" }),
    errors: [
      ["scorecard.dimensions[0].better_direction", 'must be "higher" for validators source (got "lower")'],
    ],
  },
  {
    name: "better_direction unknown",
    patch: latencyDim({ better_direction: "sideways", normalization: { target: 1, max: 2 } }),
    errors: [["scorecard.dimensions[2].better_direction", "must be higher or lower"]],
  },
  {
    name: "normalization target missing",
    patch: latencyDim({ normalization: { max: 2000 } }),
    errors: [["scorecard.dimensions[2].normalization.target", "is required"]],
  },
  {
    name: "normalization max missing",
    patch: latencyDim({ normalization: { target: 2000 } }),
    errors: [["scorecard.dimensions[2].normalization.max", "is required"]],
  },
  {
    name: "lower: max not above target",
    patch: latencyDim({ normalization: { target: 2000, max: 1000 } }),
    errors: [
      [
        "scorecard.dimensions[2].normalization.max",
        "must be greater than target when better_direction is lower",
      ],
    ],
  },
  {
    name: "higher: max not below target",
    patch: {
      ...metricDim({ metric: "tokens", better_direction: "higher", normalization: { target: 10, max: 20 } }),
      ...TOKENS_METRIC,
    },
    errors: [
      [
        "scorecard.dimensions[2].normalization.max",
        "must be less than target when better_direction is higher",
      ],
    ],
  },
  {
    name: "weight < 0",
    patch: { "scorecard.dimensions.1.weight": -1 },
    errors: [["scorecard.dimensions[1].weight", "must be greater than or equal to 0"]],
  },
  {
    name: "gated dimension without pass_threshold",
    patch: { "scorecard.dimensions.1.gate": true },
    errors: [["scorecard.dimensions[1].pass_threshold", NEEDS_THRESHOLD]],
  },
  {
    name: "binary strategy without per-dimension thresholds",
    patch: { "scorecard.strategy": "binary" },
    errors: [
      ["scorecard.dimensions[0].pass_threshold", NEEDS_THRESHOLD],
      ["scorecard.dimensions[1].pass_threshold", NEEDS_THRESHOLD],
    ],
  },
  {
    name: "dimension pass_threshold > 1",
    patch: { "scorecard.dimensions.1.pass_threshold": 1.2 },
    errors: [["scorecard.dimensions[1].pass_threshold", "must be between 0 and 1"]],
  },
  {
    name: "scorecard pass_threshold with binary",
    patch: {
      "scorecard.strategy": "binary",
      ...dim(0, { key: "correctness", source: "validators", pass_threshold: 1 }),
      "scorecard.dimensions.1.pass_threshold": 0.7,
      "scorecard.pass_threshold": 0.5,
    },
    errors: [
      [
        "scorecard.pass_threshold",
        "must not be set for binary strategy; use per-dimension pass_threshold instead",
      ],
    ],
  },
  {
    name: "scorecard pass_threshold > 1",
    patch: { "scorecard.pass_threshold": 2 },
    errors: [["scorecard.pass_threshold", "must be between 0 and 1"]],
  },
  {
    name: "hybrid strategy without a gated dimension",
    patch: { "scorecard.strategy": "hybrid" },
    errors: [["scorecard.strategy", "hybrid strategy requires at least one gated dimension"]],
  },
  {
    name: "hybrid strategy with a gated dimension (valid)",
    patch: {
      "scorecard.strategy": "hybrid",
      "scorecard.dimensions.1.gate": true,
      "scorecard.dimensions.1.pass_threshold": 0.6,
      "scorecard.pass_threshold": 0.7,
    },
    errors: [],
  },
  {
    name: "judges with deterministic judge_mode",
    patch: { judge_mode: "deterministic" },
    errors: [["llm_judges", "must be empty when judge_mode is deterministic"]],
  },
  {
    name: "no judges with llm_judge judge_mode",
    patch: { judge_mode: "llm_judge", llm_judges: [], "scorecard.dimensions": ["correctness"] },
    errors: [["llm_judges", "must contain at least one judge when judge_mode is llm_judge"]],
  },
  {
    name: "no judges with hybrid judge_mode",
    patch: { llm_judges: [], "scorecard.dimensions": ["correctness"] },
    errors: [["llm_judges", "must contain at least one judge when judge_mode is hybrid"]],
  },
  {
    name: "deterministic without judges (valid)",
    patch: {
      judge_mode: "deterministic",
      llm_judges: [],
      "scorecard.dimensions": ["correctness", "reliability"],
    },
    errors: [],
  },
];

describe("evaluation spec rules: scorecard", () => {
  it.each(scorecard)("$name", ({ patch, errors }) => {
    expectErrors(patch, errors);
  });
});
