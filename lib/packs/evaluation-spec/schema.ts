// The evaluation spec's allowed keys (docs/packs.md §3), decoded strictly: every
// object below refuses a key it does not list, except `validators[].config` and
// `llm_judges[].output_schema`, which are raw JSON checked later (or not at all).

/** What a value must look like. `int` refuses fractions (the reference decodes into Go ints). */
export type Shape =
  | { kind: "string" }
  | { kind: "number" }
  | { kind: "int" }
  | { kind: "boolean" }
  | { kind: "raw" }
  | { kind: "array"; of: Shape }
  | { kind: "object"; fields: Record<string, Shape> }
  /** A scorecard dimension: a bare string, or a strict object. */
  | { kind: "stringOrObject"; fields: Record<string, Shape> };

const str: Shape = { kind: "string" };
const num: Shape = { kind: "number" };
const int: Shape = { kind: "int" };
const bool: Shape = { kind: "boolean" };
const raw: Shape = { kind: "raw" };
const arr = (of: Shape): Shape => ({ kind: "array", of });
const obj = (fields: Record<string, Shape>): Shape => ({ kind: "object", fields });

export const EVALUATION_SPEC_SHAPE = obj({
  name: str,
  version_number: int,
  judge_mode: str,
  validators: arr(obj({ key: str, type: str, target: str, expected_from: str, config: raw })),
  metrics: arr(obj({ key: str, type: str, collector: str, unit: str })),
  behavioral: obj({ signals: arr(obj({ key: str, weight: num, gate: bool, pass_threshold: num })) }),
  llm_judges: arr(
    obj({
      mode: str,
      key: str,
      model: str,
      models: arr(str),
      samples: int,
      context_from: arr(str),
      output_schema: raw,
      score_scale: obj({ min: num, max: num }),
      rubric: str,
      assertion: str,
      expect: bool,
      prompt: str,
      position_debiasing: bool,
      reference_from: str,
      consensus: obj({ aggregation: str, min_agreement_threshold: num, flag_on_disagreement: bool }),
      anti_gaming_clauses: arr(str),
      timeout_ms: int,
    }),
  ),
  post_execution_checks: arr(obj({ key: str, type: str, path: str, recursive: bool, max_size_bytes: int })),
  runtime_limits: obj({
    max_total_tokens: int,
    max_cost_usd: num,
    max_duration_ms: int,
    max_iterations: int,
  }),
  pricing: obj({
    models: arr(
      obj({
        provider_key: str,
        provider_model_id: str,
        input_cost_per_million_tokens: num,
        output_cost_per_million_tokens: num,
      }),
    ),
  }),
  scorecard: obj({
    dimensions: arr({
      kind: "stringOrObject",
      fields: {
        key: str,
        source: str,
        validators: arr(str),
        metric: str,
        better_direction: str,
        normalization: obj({ target: num, max: num }),
        weight: num,
        judge_key: str,
        gate: bool,
        pass_threshold: num,
      },
    }),
    normalization: obj({
      latency: obj({ target_ms: num, max_ms: num }),
      cost: obj({ target_usd: num, max_usd: num }),
    }),
    strategy: str,
    pass_threshold: num,
    judge_limits: obj({ max_samples_per_judge: int, max_calls_usd: num, max_tokens: int }),
  }),
});
