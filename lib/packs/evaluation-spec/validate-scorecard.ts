// `scorecard` (docs/packs.md §3): dimensions — bare names expanded — their sources,
// references, direction, normalization, weight and thresholds; then the strategy's own rules.
import { type Errors, between01, trim } from "./common";
import type { DimensionNormalization, DimensionSource, EvaluationSpec, NormalizedDimension } from "./types";
import { DIMENSION_SOURCES as DIMENSION_SOURCE_LIST } from "@/lib/packs/vocabulary";
import { JUDGE_METHOD_MODES, NUMERIC_JUDGE_MODES } from "./validate-judges";

export const DIMENSION_SOURCES: readonly DimensionSource[] = DIMENSION_SOURCE_LIST;
/** What a bare dimension name stands for. */
export const BARE_DIMENSIONS: Record<string, DimensionSource> = {
  correctness: "validators",
  reliability: "reliability",
  latency: "latency",
  cost: "cost",
  behavioral: "behavioral",
};
/** Sources whose score is always "higher is better". */
const HIGHER_ONLY = new Set(["llm_judge", "behavioral", "validators", "reliability"]);
const NEEDS_NORMALIZATION = new Set(["metric", "latency", "cost"]);

/** The scorecard-level normalization a latency or cost dimension falls back to. */
function fallbackNormalization(spec: EvaluationSpec, source: string): DimensionNormalization | undefined {
  const scorecard = spec.scorecard?.normalization;
  if (source === "latency" && scorecard?.latency) {
    const { target_ms, max_ms } = scorecard.latency;
    return { target: target_ms, max: max_ms ?? spec.runtime_limits?.max_duration_ms };
  }
  if (source === "cost" && scorecard?.cost) {
    const { target_usd, max_usd } = scorecard.cost;
    return { target: target_usd, max: max_usd ?? spec.runtime_limits?.max_cost_usd };
  }
  return undefined;
}

/**
 * The scorecard's dimensions as objects: bare names expanded (`correctness` → source validators,
 * …; an unknown bare name keeps an empty source; an object with a bare name as key and no source
 * gets that name's source), strings trimmed, defaults filled in.
 */
export function expandDimensions(spec: EvaluationSpec): NormalizedDimension[] {
  return (spec.scorecard?.dimensions ?? []).map((entry) => {
    const declared =
      typeof entry === "string" ? { key: entry, source: BARE_DIMENSIONS[entry.trim()] ?? "" } : entry;
    // An object without a source whose key is a bare name stands for that name's source.
    const source = trim(declared.source) || (BARE_DIMENSIONS[trim(declared.key)] ?? "");
    const direction = trim(declared.better_direction);
    const metric = trim(declared.metric);
    const judgeKey = trim(declared.judge_key);
    const normalization = declared.normalization ?? fallbackNormalization(spec, source);
    return {
      key: trim(declared.key),
      source,
      validators: (declared.validators ?? []).map((key) => key.trim()),
      ...(metric === "" ? {} : { metric }),
      better_direction:
        direction !== "" ? direction : source === "latency" || source === "cost" ? "lower" : "higher",
      ...(normalization === undefined ? {} : { normalization: { ...normalization } }),
      weight: declared.weight ?? 1,
      ...(judgeKey === "" ? {} : { judge_key: judgeKey }),
      gate: declared.gate === true,
      ...(declared.pass_threshold === undefined ? {} : { pass_threshold: declared.pass_threshold }),
    };
  });
}

export interface ScorecardContext {
  validatorKeys: Set<string>;
  metricKeys: Set<string>;
  /** Judge key → its mode, for the judges whose key was accepted. */
  judgeModes: Map<string, string>;
}

function checkReferences(errs: Errors, dim: NormalizedDimension, path: string, ctx: ScorecardContext): void {
  if (dim.source === "validators") {
    dim.validators.forEach((key, j) => {
      if (!ctx.validatorKeys.has(key)) {
        errs.add(`${path}.validators[${j}]`, `references unknown validator key ${JSON.stringify(key)}`);
      }
    });
  }
  if (dim.source === "metric") {
    if (dim.metric === undefined) errs.add(`${path}.metric`, "is required when source is metric");
    else if (!ctx.metricKeys.has(dim.metric)) {
      errs.add(`${path}.metric`, `references unknown metric key ${JSON.stringify(dim.metric)}`);
    }
  }
  if (NEEDS_NORMALIZATION.has(dim.source) && dim.normalization === undefined) {
    errs.add(`${path}.normalization`, `is required when source is ${dim.source}`);
  }
  if (dim.source === "llm_judge") {
    const mode = dim.judge_key === undefined ? undefined : ctx.judgeModes.get(dim.judge_key);
    if (dim.judge_key === undefined) errs.add(`${path}.judge_key`, "is required when source is llm_judge");
    else if (mode === undefined) {
      errs.add(`${path}.judge_key`, `references unknown judge key ${JSON.stringify(dim.judge_key)}`);
    } else if (JUDGE_METHOD_MODES.includes(mode) && !NUMERIC_JUDGE_MODES.has(mode)) {
      errs.add(
        `${path}.judge_key`,
        `judge ${JSON.stringify(dim.judge_key)} mode ${JSON.stringify(mode)} does not produce a numeric score usable as a dimension`,
      );
    }
  } else if (dim.judge_key !== undefined) {
    errs.add(`${path}.judge_key`, "must be empty unless source is llm_judge");
  }
}

function checkShape(errs: Errors, dim: NormalizedDimension, path: string, binary: boolean): void {
  const direction = dim.better_direction;
  if (HIGHER_ONLY.has(dim.source) && direction !== "higher") {
    errs.add(
      `${path}.better_direction`,
      `must be "higher" for ${dim.source} source (got ${JSON.stringify(direction)})`,
    );
  } else if (direction !== "higher" && direction !== "lower") {
    errs.add(`${path}.better_direction`, "must be higher or lower");
  }
  const norm = dim.normalization;
  if (norm !== undefined) {
    if (norm.target === undefined) errs.add(`${path}.normalization.target`, "is required");
    if (norm.max === undefined) errs.add(`${path}.normalization.max`, "is required");
    if (norm.target !== undefined && norm.max !== undefined) {
      if (direction === "lower" && norm.max <= norm.target) {
        errs.add(`${path}.normalization.max`, "must be greater than target when better_direction is lower");
      } else if (direction === "higher" && norm.max >= norm.target) {
        errs.add(`${path}.normalization.max`, "must be less than target when better_direction is higher");
      }
    }
  }
  if (dim.weight < 0) errs.add(`${path}.weight`, "must be greater than or equal to 0");
  if (dim.pass_threshold === undefined) {
    if (dim.gate || binary) {
      errs.add(`${path}.pass_threshold`, "is required when the dimension is gated or strategy is binary");
    }
  } else if (!between01(dim.pass_threshold)) {
    errs.add(`${path}.pass_threshold`, "must be between 0 and 1");
  }
}

export function checkScorecard(errs: Errors, spec: EvaluationSpec, ctx: ScorecardContext): void {
  const strategy = trim(spec.scorecard?.strategy) || "weighted";
  const raw = spec.scorecard?.dimensions ?? [];
  const seen = new Set<string>();
  let behavioralMissing = false;
  expandDimensions(spec).forEach((dim, i) => {
    const path = `scorecard.dimensions[${i}]`;
    if (typeof raw[i] === "string" && dim.source === "") {
      return errs.add(path, "is not a supported scorecard dimension");
    }
    if (dim.key === "") errs.add(`${path}.key`, "is required");
    else if (seen.has(dim.key)) return errs.add(path, "must be unique");
    seen.add(dim.key);
    if (!(DIMENSION_SOURCES as readonly string[]).includes(dim.source)) {
      return errs.add(`${path}.source`, `must be one of ${DIMENSION_SOURCES.join(", ")}`);
    }
    checkReferences(errs, dim, path, ctx);
    if (dim.source === "behavioral" && spec.behavioral === undefined) behavioralMissing = true;
    checkShape(errs, dim, path, strategy === "binary");
  });
  if (behavioralMissing)
    errs.add("behavioral", "is required when a scorecard dimension uses source behavioral");
  const passThreshold = spec.scorecard?.pass_threshold;
  if (passThreshold !== undefined) {
    if (strategy === "binary") {
      errs.add(
        "scorecard.pass_threshold",
        "must not be set for binary strategy; use per-dimension pass_threshold instead",
      );
    } else if (!between01(passThreshold)) {
      errs.add("scorecard.pass_threshold", "must be between 0 and 1");
    }
  }
  const dims = raw.filter((entry) => typeof entry === "object" && entry.gate === true);
  if (strategy === "hybrid" && dims.length === 0) {
    errs.add("scorecard.strategy", "hybrid strategy requires at least one gated dimension");
  }
}
