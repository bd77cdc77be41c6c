// The decoded evaluation spec, as the strict decoder lets it through (snake_case, as written in
// the pack). Every field is optional: the validators say which are required. A `null` in the
// YAML is dropped by the decoder, so optional fields are never null.
import type { DIMENSION_SOURCES } from "@/lib/packs/vocabulary";
import type { Json } from "@/lib/packs/types";

export interface ValidatorDeclaration {
  key?: string;
  type?: string;
  target?: string;
  expected_from?: string;
  /** Raw JSON, checked per validator type. */
  config?: Json;
}

export interface MetricDeclaration {
  key?: string;
  type?: string;
  collector?: string;
  unit?: string;
}

export interface BehavioralSignal {
  key?: string;
  weight?: number;
  gate?: boolean;
  pass_threshold?: number;
}

export interface JudgeConsensus {
  aggregation?: string;
  min_agreement_threshold?: number;
  flag_on_disagreement?: boolean;
}

export interface LlmJudgeDeclaration {
  mode?: string;
  key?: string;
  model?: string;
  models?: string[];
  samples?: number;
  context_from?: string[];
  /** Raw JSON: a JSON Schema for the judge's answer. */
  output_schema?: Json;
  score_scale?: { min?: number; max?: number };
  rubric?: string;
  assertion?: string;
  expect?: boolean;
  prompt?: string;
  position_debiasing?: boolean;
  reference_from?: string;
  consensus?: JudgeConsensus;
  anti_gaming_clauses?: string[];
  timeout_ms?: number;
}

export interface PostExecutionCheck {
  key?: string;
  type?: string;
  path?: string;
  recursive?: boolean;
  max_size_bytes?: number;
}

export interface RuntimeLimits {
  max_total_tokens?: number;
  max_cost_usd?: number;
  max_duration_ms?: number;
  max_iterations?: number;
}

export interface ModelPricing {
  provider_key?: string;
  provider_model_id?: string;
  input_cost_per_million_tokens?: number;
  output_cost_per_million_tokens?: number;
}

export interface DimensionNormalization {
  target?: number;
  max?: number;
}

/** A scorecard dimension as written: a bare name (`correctness`) or an object. */
export interface DimensionDeclaration {
  key?: string;
  source?: string;
  validators?: string[];
  metric?: string;
  better_direction?: string;
  normalization?: DimensionNormalization;
  weight?: number;
  judge_key?: string;
  gate?: boolean;
  pass_threshold?: number;
}

export interface JudgeLimits {
  max_samples_per_judge?: number;
  max_calls_usd?: number;
  max_tokens?: number;
}

export interface Scorecard {
  dimensions?: (string | DimensionDeclaration)[];
  normalization?: {
    latency?: { target_ms?: number; max_ms?: number };
    cost?: { target_usd?: number; max_usd?: number };
  };
  strategy?: string;
  pass_threshold?: number;
  judge_limits?: JudgeLimits;
}

export interface EvaluationSpec {
  name?: string;
  version_number?: number;
  judge_mode?: string;
  validators?: ValidatorDeclaration[];
  metrics?: MetricDeclaration[];
  behavioral?: { signals?: BehavioralSignal[] };
  llm_judges?: LlmJudgeDeclaration[];
  post_execution_checks?: PostExecutionCheck[];
  runtime_limits?: RuntimeLimits;
  pricing?: { models?: ModelPricing[] };
  scorecard?: Scorecard;
}

export type DimensionSource = (typeof DIMENSION_SOURCES)[number];

/**
 * A dimension after `expandDimensions`: bare names expanded, strings trimmed, defaults filled in
 * (weight 1, gate false, better_direction "higher" — "lower" for latency and cost), and latency and
 * cost dimensions without their own normalization given the scorecard's.
 */
export interface NormalizedDimension {
  key: string;
  /** As written (trimmed); the validators refuse anything outside `DimensionSource`. */
  source: string;
  validators: string[];
  metric?: string;
  better_direction: string;
  normalization?: DimensionNormalization;
  weight: number;
  judge_key?: string;
  gate: boolean;
  pass_threshold?: number;
}
