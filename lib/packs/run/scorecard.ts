// The scorecard of one case and of a run (docs/packs.md §3, §4). Pure. Gauntlet's choices (null
// dimensions, defaults, gates): lib/packs/README.md, 'Scorecard'.
import { expandDimensions } from "@/lib/packs/evaluation-spec";
import type { EvaluationSpec, LlmJudgeDeclaration, NormalizedDimension } from "@/lib/packs/evaluation-spec";

export const DEFAULT_SCORE_SCALE = { min: 1, max: 5 } as const;
export const DEFAULT_PASS_THRESHOLD = 0.5;

export interface CaseResults {
  /** Validator key → its result (score in [0, 1]). */
  validators: Record<string, { passed: boolean; score: number }>;
  /** Judge key → its score on the judge's `score_scale` (null: the judge gave none). */
  judges: Record<string, { score: number | null; passed?: boolean }>;
  /** The model call's latency and cost; absent when the call gave no answer (not measured). */
  latencyMs?: number;
  costUsd?: number;
  /** Metric key → its collected numeric value. */
  metrics?: Record<string, number>;
  /** The runtime error of the case (model call failed, limit hit, …); reliability 0 when set. */
  error?: string | null;
}

export interface DimensionScore {
  key: string;
  source: string;
  /** In [0, 1]; null when the dimension could not be scored (see `note`). */
  score: number | null;
  /** score ≥ pass_threshold; null without a threshold or without a score. */
  passed: boolean | null;
  gated: boolean;
  weight: number;
  threshold?: number;
  /** Why the score is null, or what it was computed from when that is worth saying. */
  note?: string;
}

export interface CaseScore {
  dimensions: DimensionScore[];
  /** Weighted mean of the non-null dimension scores (null when nothing with weight was scored). */
  overall: number | null;
  passed: boolean;
  reason: string;
}

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));
const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const fmt = (value: number): string => String(Math.round(value * 10000) / 10000);

/** The scale a judge's scores are on: its `score_scale`, else DEFAULT_SCORE_SCALE. */
export function judgeScale(judge: LlmJudgeDeclaration | undefined): { min: number; max: number } {
  const scale = judge?.score_scale;
  if (scale === undefined) return { ...DEFAULT_SCORE_SCALE };
  return { min: scale.min ?? 0, max: scale.max ?? 0 };
}

/**
 * A value on a target/max normalization: 1 at the target or better, 0 at max or worse, linear in
 * between. With better_direction lower, max > target (latency, cost); with higher, max < target.
 */
export function normalizeAgainst(value: number, target: number, max: number, direction = "lower"): number {
  // Validation refuses max = target; should one get here, the target is a plain pass line.
  if (max === target) return (direction === "higher" ? value >= target : value <= target) ? 1 : 0;
  return clamp01((max - value) / (max - target));
}

type Scored = { score: number | null; note?: string };

function fromValidators(dim: NormalizedDimension, spec: EvaluationSpec, results: CaseResults): Scored {
  const declared = (spec.validators ?? []).map((v) => (v.key ?? "").trim()).filter((key) => key !== "");
  const keys = dim.validators.length > 0 ? dim.validators : declared;
  if (keys.length === 0) return { score: null, note: "no validators declared" };
  const missing = keys.filter((key) => !Object.hasOwn(results.validators, key));
  const total = keys.reduce((sum, key) => {
    const score = results.validators[key]?.score;
    return sum + (finite(score) ? clamp01(score) : 0);
  }, 0);
  const note = missing.length > 0 ? `no result for ${missing.join(", ")} (counted as 0)` : undefined;
  return { score: total / keys.length, ...(note === undefined ? {} : { note }) };
}

function fromJudge(dim: NormalizedDimension, spec: EvaluationSpec, results: CaseResults): Scored {
  const key = dim.judge_key ?? "";
  const raw = results.judges[key]?.score;
  if (!finite(raw)) return { score: null, note: `judge ${key} gave no score` };
  const { min, max } = judgeScale((spec.llm_judges ?? []).find((judge) => (judge.key ?? "").trim() === key));
  if (!(max > min)) return { score: null, note: `judge ${key} has an empty score_scale` };
  return { score: clamp01((raw - min) / (max - min)) };
}

function fromNormalization(dim: NormalizedDimension, value: number | undefined, what: string): Scored {
  const norm = dim.normalization;
  if (!finite(value)) return { score: null, note: `${what} was not measured` };
  if (!finite(norm?.target) || !finite(norm.max)) return { score: null, note: "no normalization" };
  return { score: normalizeAgainst(value, norm.target, norm.max, dim.better_direction) };
}

function scoreDimension(dim: NormalizedDimension, spec: EvaluationSpec, results: CaseResults): Scored {
  switch (dim.source) {
    case "validators":
      return fromValidators(dim, spec, results);
    case "llm_judge":
      return fromJudge(dim, spec, results);
    case "latency":
      return fromNormalization(dim, results.latencyMs, "latency");
    case "cost":
      return fromNormalization(dim, results.costUsd, "cost");
    case "metric":
      return fromNormalization(dim, results.metrics?.[dim.metric ?? ""], `metric ${dim.metric ?? ""}`);
    case "reliability":
      return results.error ? { score: 0, note: results.error } : { score: 1 };
    case "behavioral":
      return { score: null, note: "behavioral signals are not available on text runs" };
    default:
      return { score: null, note: `unsupported source ${JSON.stringify(dim.source)}` };
  }
}

/** Weighted mean of the non-null scores; null when no scored dimension has weight. */
function weightedMean(dims: DimensionScore[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const dim of dims) {
    if (dim.score === null || !(dim.weight > 0)) continue;
    sum += dim.score * dim.weight;
    weights += dim.weight;
  }
  return weights > 0 ? sum / weights : null;
}

const below = (dim: DimensionScore): string =>
  dim.score === null ? `${dim.key} not scored` : `${dim.key} ${fmt(dim.score)} < ${fmt(dim.threshold ?? 0)}`;

/** Those of `dims` that did not pass: below their threshold, without a score or without a threshold. */
const failing = (dims: DimensionScore[]): DimensionScore[] => dims.filter((dim) => dim.passed !== true);

/** The score of one case under the spec's scorecard (§4). */
export function scoreCase(spec: EvaluationSpec, results: CaseResults): CaseScore {
  const dimensions: DimensionScore[] = expandDimensions(spec).map((dim) => {
    const { score, note } = scoreDimension(dim, spec, results);
    const threshold = dim.pass_threshold;
    return {
      key: dim.key,
      source: dim.source,
      score,
      passed: threshold === undefined || score === null ? null : score >= threshold,
      gated: dim.gate,
      weight: dim.weight,
      ...(threshold === undefined ? {} : { threshold }),
      ...(note === undefined ? {} : { note }),
    };
  });
  const overall = weightedMean(dimensions);
  const strategy = (spec.scorecard?.strategy ?? "").trim() || "weighted";
  const unscored = dimensions.filter((dim) => dim.score === null);
  const tail =
    unscored.length > 0
      ? `; not scored: ${unscored.map((d) => `${d.key} (${d.note ?? "no score"})`).join(", ")}`
      : "";

  if (strategy === "binary") {
    const checked = dimensions.filter((dim) => dim.threshold !== undefined);
    const failed = failing(checked);
    if (checked.length === 0)
      return {
        dimensions,
        overall,
        passed: false,
        reason: `failed: no dimension has a pass_threshold${tail}`,
      };
    if (failed.length > 0)
      return { dimensions, overall, passed: false, reason: `failed: ${failed.map(below).join("; ")}${tail}` };
    return {
      dimensions,
      overall,
      passed: true,
      reason: `passed: all ${checked.length} dimensions met their thresholds${tail}`,
    };
  }

  const threshold = spec.scorecard?.pass_threshold ?? DEFAULT_PASS_THRESHOLD;
  if (strategy === "hybrid") {
    const failedGates = failing(dimensions.filter((dim) => dim.gated));
    if (failedGates.length > 0) {
      return {
        dimensions,
        overall,
        passed: false,
        reason: `failed gate: ${failedGates.map(below).join("; ")}${tail}`,
      };
    }
  }
  if (overall === null)
    return { dimensions, overall, passed: false, reason: `failed: no weighted dimension was scored${tail}` };
  const passed = overall >= threshold;
  const relation = passed ? ">=" : "<";
  const gates = strategy === "hybrid" ? "gates passed, " : "";
  return {
    dimensions,
    overall,
    passed,
    reason: `${passed ? "passed" : "failed"}: ${gates}weighted score ${fmt(overall)} ${relation} ${fmt(threshold)}${tail}`,
  };
}

export interface DimensionAggregate {
  key: string;
  source: string;
  /** Mean of the cases' non-null scores; null when no case scored it. */
  mean: number | null;
  /** How many cases scored it. */
  scored: number;
  /** Share of the scored cases whose dimension passed its threshold; null without a threshold. */
  passRate: number | null;
}

export interface RunAggregate {
  cases: number;
  passed: number;
  /** passed / cases; null for a run without cases. */
  passRate: number | null;
  /** Mean of the cases' non-null overall scores. */
  meanOverall: number | null;
  dimensions: DimensionAggregate[];
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** A run's totals: pass rate, mean overall score and each dimension's mean, in first-seen order. */
export function aggregateRun(caseScores: CaseScore[]): RunAggregate {
  const byKey = new Map<string, { source: string; scores: number[]; verdicts: boolean[] }>();
  for (const caseScore of caseScores) {
    for (const dim of caseScore.dimensions) {
      const entry = byKey.get(dim.key) ?? { source: dim.source, scores: [], verdicts: [] };
      if (dim.score !== null) entry.scores.push(dim.score);
      if (dim.passed !== null) entry.verdicts.push(dim.passed);
      byKey.set(dim.key, entry);
    }
  }
  const passed = caseScores.filter((caseScore) => caseScore.passed).length;
  const overalls = caseScores.map((caseScore) => caseScore.overall).filter((value) => value !== null);
  return {
    cases: caseScores.length,
    passed,
    passRate: caseScores.length === 0 ? null : passed / caseScores.length,
    meanOverall: mean(overalls),
    dimensions: [...byKey].map(([key, entry]) => ({
      key,
      source: entry.source,
      mean: mean(entry.scores),
      scored: entry.scores.length,
      passRate:
        entry.verdicts.length === 0 ? null : entry.verdicts.filter(Boolean).length / entry.verdicts.length,
    })),
  };
}
